import { describe, expect, it } from 'vitest';
import { terms } from '../../db/schema.ts';
import { seededTermsVersion } from '../../db/terms-content.ts';
import { sharedTestApp } from '../../test/helpers.ts';

const ctx = sharedTestApp();

const get = (url: string, language?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe('GET /customer/get_active_terms', () => {
  it('lists the four legal texts in Turkish without a token', async () => {
    const response = await get('/api/v1/customer/get_active_terms');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<{ term_type: string; title: string; content: string; version: number }>;
    expect(body.map((term) => term.term_type)).toEqual(['consent', 'disclosure', 'electronic_message', 'more_info']);
    expect(body.find((term) => term.term_type === 'disclosure')).toMatchObject({
      title: 'KVKK Aydınlatma Metni',
      version: seededTermsVersion,
    });
    expect(body.every((term) => term.content.startsWith('<h2>'))).toBe(true);
    expect(response.headers.vary).toContain('accept-language');
  });

  it('answers in English for Accept-Language: en', async () => {
    const body = (await get('/api/v1/customer/get_active_terms', 'en-GB,en;q=0.9')).json() as Array<{ term_type: string; title: string }>;
    expect(body.find((term) => term.term_type === 'disclosure')?.title).toBe('Privacy Notice');
    expect(body.find((term) => term.term_type === 'more_info')?.title).toBe('Privacy Policy');
  });

  it('serves the latest active version of a text and skips withdrawn ones', async () => {
    await ctx.database.db.insert(terms).values([
      {
        termType: 'consent',
        language: 'en',
        version: seededTermsVersion + 1,
        title: 'Explicit Consent v3',
        content: '<p>Third version.</p>',
      },
      {
        termType: 'consent',
        language: 'en',
        version: seededTermsVersion + 2,
        title: 'Withdrawn',
        content: '<p>Withdrawn.</p>',
        isActive: false,
      },
    ]);
    const body = (await get('/api/v1/customer/get_active_terms', 'en')).json() as Array<{
      term_type: string;
      title: string;
      version: number;
    }>;
    expect(body.find((term) => term.term_type === 'consent')).toMatchObject({
      title: 'Explicit Consent v3',
      version: seededTermsVersion + 1,
    });
    const turkish = (await get('/api/v1/customer/get_active_terms')).json() as Array<{ term_type: string; version: number }>;
    expect(turkish.find((term) => term.term_type === 'consent')?.version).toBe(seededTermsVersion);
  });
});

describe('GET /customer/term_filter', () => {
  it('returns one text by type in the request language', async () => {
    const response = await get('/api/v1/customer/term_filter?term_type=more_info', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ term_type: 'more_info', content: expect.stringContaining('<h2>Privacy Policy</h2>') });
    const turkish = await get('/api/v1/customer/term_filter?term_type=more_info');
    expect(turkish.json().content).toContain('Gizlilik Politikası');
  });

  it('refuses an unknown type with a validation error naming the field', async () => {
    const response = await get('/api/v1/customer/term_filter?term_type=cookies', 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        code: 'validation_failed',
        message: 'Please correct the marked fields.',
        fields: { term_type: 'Choose a valid value for text type.' },
      },
    });
    const turkish = await get('/api/v1/customer/term_filter?term_type=cookies');
    expect(turkish.json().errors.fields).toEqual({ term_type: 'Metin türü için geçerli bir değer seçin.' });
  });

  it('asks for the type when it is missing', async () => {
    const response = await get('/api/v1/customer/term_filter', 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({ term_type: 'Text type cannot be empty.' });
  });
});
