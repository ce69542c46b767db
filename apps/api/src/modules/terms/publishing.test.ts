/*
 * Issue 16, line 10: complete legal texts, versioned; an expert publishes a new version from the
 * back-office and sellers who accepted an older one accept the new one at their next sign-in.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, terms } from '../../db/schema.ts';
import { seededTermsVersion } from '../../db/terms-content.ts';
import { get, post, registerVerifiedCustomer } from '../../test/accounts-helpers.ts';
import { createReviewTestApp, signInExpert } from '../admin/test-kit.ts';
import { expectError, sharedTestApp } from '../../test/helpers.ts';

const ctx = sharedTestApp(() =>
  createReviewTestApp({ LEGAL_ENTITY_NAME: 'Örnek Finans A.Ş.', LEGAL_ENTITY_CONTACT: 'Levent, İstanbul · kvkk@ornek.test' }),
);
let expertToken: string;

beforeAll(async () => {
  expertToken = (await signInExpert(ctx)).jwt_token;
});

interface Pending {
  consent: string;
  term_type: string;
  version: number;
  accepted_version: number;
  title: string;
  change_note: string | null;
  required: boolean;
}

const text = (title: string, content: string, change_note?: string) => ({ title, content, ...(change_note ? { change_note } : {}) });

function publish(termType: string, overrides: Record<string, unknown> = {}, token = expertToken) {
  return post(
    ctx,
    '/admin/terms',
    {
      term_type: termType,
      tr: text(`Yeni ${termType}`, `<h2>Yeni ${termType}</h2><p>Güncel metin.</p>`, 'Aktarım bölümü güncellendi.'),
      en: text(`New ${termType}`, `<h2>New ${termType}</h2><p>Current text.</p>`, 'The transfers section changed.'),
      ...overrides,
    },
    token,
  );
}

async function pendingOf(token: string, language = 'tr'): Promise<Pending[]> {
  const response = await get(ctx, '/customer/get_user_info', token, { 'accept-language': language });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pending_terms: Pending[] }>().pending_terms;
}

describe('the shipped legal texts', () => {
  it('are complete KVKK texts with the deployment’s data controller filled in', async () => {
    const response = await get(ctx, '/customer/get_active_terms');
    const body = response.json<Array<{ term_type: string; content: string; version: number }>>();
    const disclosure = body.find((term) => term.term_type === 'disclosure')!;
    expect(disclosure.version).toBe(seededTermsVersion);
    // The parts Article 10 and the Communiqué on the duty to inform ask for.
    for (const part of ['Veri sorumlusu', 'İşlenen kişisel veriler', 'hukuki sebepler', 'Aktarım', 'Toplama yöntemi', '11. maddesi']) {
      expect(disclosure.content).toContain(part);
    }
    expect(disclosure.content).toContain('Örnek Finans A.Ş.');
    expect(disclosure.content).toContain('Levent, İstanbul · kvkk@ornek.test');
    expect(body.every((term) => !term.content.includes('{{'))).toBe(true);
    const electronic = (await get(ctx, '/customer/term_filter?term_type=electronic_message', undefined, { 'accept-language': 'en' })).json<{
      content: string;
    }>();
    expect(electronic.content).toContain('6563');
    expect(electronic.content).toContain('İYS');
  });
});

describe('POST /admin/terms', () => {
  it('is for experts only', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    expect((await publish('disclosure', {}, seller.jwt_token)).statusCode).toBe(403);
    const valid = { term_type: 'disclosure', tr: text('Başlık', '<p>Metin</p>'), en: text('Title', '<p>Text</p>') };
    expect((await post(ctx, '/admin/terms', valid)).statusCode).toBe(401);
    expect((await get(ctx, '/admin/terms', seller.jwt_token)).statusCode).toBe(403);
  });

  it('publishes the next version in both languages, sanitized, with who published it', async () => {
    const response = await publish('more_info', {
      tr: text(
        'Gizlilik Politikası',
        '<h2 style="color:red">Gizlilik</h2><p onclick="steal()">Metin <a href="javascript:alert(1)">tıkla</a> <a href="https://ornek.test/kvkk">KVKK</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    const published = response.json<{ version: number; tr: { content: string }; en: { title: string }; published_by: { email: string } }>();
    expect(published.version).toBe(seededTermsVersion + 1);
    expect(published.published_by.email).toBe('uzman@worq.local');
    expect(published.en.title).toBe('New more_info');
    expect(published.tr.content).toBe(
      '<h2>Gizlilik</h2><p>Metin <a rel="noopener noreferrer" target="_blank">tıkla</a> <a href="https://ornek.test/kvkk" rel="noopener noreferrer" target="_blank">KVKK</a></p>',
    );
    const served = (await get(ctx, '/customer/term_filter?term_type=more_info')).json<{ content: string }>();
    expect(served.content).toBe(published.tr.content);
    const stored = await ctx.database.db
      .select()
      .from(terms)
      .where(eq(terms.version, seededTermsVersion + 1));
    expect(
      stored
        .filter((row) => row.termType === 'more_info')
        .map((row) => row.language)
        .sort(),
    ).toEqual(['en', 'tr']);
  });

  it('keeps every version in the history, newest first', async () => {
    const history = (await get(ctx, '/admin/terms', expertToken)).json<
      Array<{ term_type: string; version: number; published_by: unknown }>
    >();
    const privacy = history.filter((entry) => entry.term_type === 'more_info');
    expect(privacy.map((entry) => entry.version)).toEqual([seededTermsVersion + 1, seededTermsVersion]);
    expect(privacy[1]!.published_by).toBeNull();
  });

  it('refuses a text with no words left once unsafe markup is removed, in the expert’s language', async () => {
    const response = await publish('consent', { tr: text('Açık Rıza', '<script>alert(1)</script><p> </p>') });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({ 'tr.content': 'Metin boş bırakılamaz.' });
    const english = await post(
      ctx,
      '/admin/terms',
      { term_type: 'consent', tr: text('A', '<p>x</p>'), en: text('Consent', '<p>x</p>') },
      expertToken,
      {
        'accept-language': 'en',
      },
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().errors.fields).toEqual({ 'tr.title': 'Please enter a title with at least 3 characters.' });
    const versions = await ctx.database.db.select({ version: terms.version }).from(terms).where(eq(terms.termType, 'consent'));
    expect(versions.map((row) => row.version)).toEqual([seededTermsVersion, seededTermsVersion]);
  });

  it('gives two experts publishing at once two versions, or one a 409, never a half-written one', async () => {
    const answers = await Promise.all([publish('electronic_message'), publish('electronic_message')]);
    expect(answers.some((answer) => answer.statusCode === 201)).toBe(true);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const rows = await ctx.database.db.select().from(terms).where(eq(terms.termType, 'electronic_message'));
    const languagesOf = new Map<number, string[]>();
    for (const row of rows) languagesOf.set(row.version, [...(languagesOf.get(row.version) ?? []), row.language]);
    for (const languages of languagesOf.values()) expect(languages.sort()).toEqual(['en', 'tr']);
  });
});

describe('accepting a new version at the next sign-in', () => {
  it('asks a seller who accepted the old disclosure, and only for what they had accepted', async () => {
    const seller = await registerVerifiedCustomer(ctx, {
      consents: { disclosure: true, explicit_consent: false, commercial_electronic_message: false },
    });
    expect(await pendingOf(seller.jwt_token)).toEqual([]);
    expect((await publish('disclosure')).statusCode).toBe(201);
    expect((await publish('consent')).statusCode).toBe(201);

    const pending = await pendingOf(seller.jwt_token);
    expect(pending).toEqual([
      {
        consent: 'disclosure',
        term_type: 'disclosure',
        version: seededTermsVersion + 1,
        accepted_version: seededTermsVersion,
        title: 'Yeni disclosure',
        change_note: 'Aktarım bölümü güncellendi.',
        required: true,
      },
    ]);
    expect((await pendingOf(seller.jwt_token, 'en'))[0]).toMatchObject({
      title: 'New disclosure',
      change_note: 'The transfers section changed.',
    });

    const refused = await post(ctx, '/customer/accept_terms', { disclosure: false }, seller.jwt_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ code: 'consent_required', fields: { disclosure: expect.any(String) } });
    expect(await pendingOf(seller.jwt_token)).toHaveLength(1);

    // An answer to a consent that is not pending (explicit consent was never given) is ignored.
    const accepted = await post(ctx, '/customer/accept_terms', { disclosure: true, explicit_consent: true }, seller.jwt_token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().pending_terms).toEqual([]);
    expect(accepted.json().consents.disclosure).toMatchObject({ accepted: true, term_version: seededTermsVersion + 1 });
    expect(accepted.json().consents.explicit_consent).toEqual({ accepted: false, term_version: null, accepted_at: null });
  });

  it('lets a seller confirm or withdraw an optional consent for the new version', async () => {
    const seller = await registerVerifiedCustomer(ctx, {
      consents: { disclosure: true, explicit_consent: true, commercial_electronic_message: true },
    });
    expect((await publish('consent')).statusCode).toBe(201);
    expect((await publish('electronic_message')).statusCode).toBe(201);
    const pending = await pendingOf(seller.jwt_token);
    expect(pending.map((term) => [term.consent, term.required])).toEqual([
      ['explicit_consent', false],
      ['commercial_electronic_message', false],
    ]);
    const answer = await post(
      ctx,
      '/customer/accept_terms',
      { explicit_consent: true, commercial_electronic_message: false },
      seller.jwt_token,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await ctx.database.db.select({ consents: customers.consents }).from(customers).where(eq(customers.id, seller.customerId));
    expect(row!.consents.explicit_consent.accepted).toBe(true);
    expect(row!.consents.explicit_consent.term_version).toBeGreaterThan(seededTermsVersion);
    expect(row!.consents.commercial_electronic_message).toEqual({ accepted: false, term_version: null, accepted_at: null });
    expect(row!.consents.disclosure.term_version).toBeGreaterThan(seededTermsVersion);
  });

  it('refuses seller writes with 403 terms_pending until the required text is accepted again', async () => {
    const seller = await registerVerifiedCustomer(ctx, {
      consents: { disclosure: true, explicit_consent: true, commercial_electronic_message: false },
    });
    const write = (language = 'en') =>
      post(ctx, '/company/validate_vkn', { tax_number: '1234567890' }, seller.jwt_token, { 'accept-language': language });
    const before = await write();
    expect(before.statusCode, before.body).not.toBe(403);
    // A new optional text is asked for, but does not hold the seller back.
    expect((await publish('consent')).statusCode).toBe(201);
    expect((await write()).statusCode).toBe(before.statusCode);

    expect((await publish('disclosure')).statusCode).toBe(201);
    const refused = await write();
    expectError(refused, 403, 'terms_pending', 'Before you go on, please read and accept the updated legal text.');
    expect((await write('tr')).json().errors.message).toBe('Devam etmeden önce güncellenen yasal metni okuyup onaylamanız gerekiyor.');
    // Reading goes on, and so does answering the texts.
    expect((await get(ctx, '/marketplace/integration/list', seller.jwt_token)).statusCode).toBe(200);
    const accepted = await post(ctx, '/customer/accept_terms', { disclosure: true, explicit_consent: true }, seller.jwt_token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await write()).statusCode).toBe(before.statusCode);
  });

  it('lets a seller with a pending text sign out', async () => {
    const seller = await registerVerifiedCustomer(ctx, {
      consents: { disclosure: true, explicit_consent: false, commercial_electronic_message: false },
    });
    expect((await publish('disclosure')).statusCode).toBe(201);
    expect((await post(ctx, '/company/validate_vkn', { tax_number: '1234567890' }, seller.jwt_token)).statusCode).toBe(403);
    const out = await post(ctx, '/auth/logout', { refresh_token: seller.refresh_token }, seller.jwt_token);
    expect(out.statusCode).toBe(204);
  });

  it('asks nothing of a seller who signs up after the new version is out', async () => {
    const seller = await registerVerifiedCustomer(ctx, {
      consents: { disclosure: true, explicit_consent: true, commercial_electronic_message: true },
    });
    expect(await pendingOf(seller.jwt_token)).toEqual([]);
  });
});
