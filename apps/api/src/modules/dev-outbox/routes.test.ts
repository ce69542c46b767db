import { describe, expect, it } from 'vitest';
import { createTestApp, expectErrorCode } from '../../test/helpers.ts';

describe('GET /dev/outbox', () => {
  it('lists the kept messages for one recipient, newest first', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.app.delivery.send({ channel: 'sms', to: '+905321112233', body: 'Kodunuz: 111111' });
      await ctx.app.delivery.send({ channel: 'email', to: 'ayse@example.com', subject: 'Hoş geldiniz', body: 'Merhaba' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await ctx.app.delivery.send({ channel: 'sms', to: '+905321112233', body: 'Kodunuz: 222222' });

      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=%2B905321112233' });
      expect(response.statusCode).toBe(200);
      const messages = response.json() as Array<{ channel: string; to: string; body: string; created_at: string }>;
      expect(messages.map((message) => message.body)).toEqual(['Kodunuz: 222222', 'Kodunuz: 111111']);
      expect(messages.every((message) => message.channel === 'sms' && message.to === '+905321112233')).toBe(true);
      expect(new Date(messages[0]!.created_at).toISOString()).toBe(messages[0]!.created_at);

      const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
      expect(all.json()).toHaveLength(3);
      expect(all.json()[1]).toMatchObject({ channel: 'email', subject: 'Hoş geldiniz' });
    } finally {
      await ctx.close();
    }
  });

  it('is absent when the outbox is only the default, not asked for with DELIVERY=outbox', async () => {
    // An empty value counts as unset: delivery still goes to the outbox, but nobody can read it over HTTP.
    const ctx = await createTestApp({ DELIVERY: '' });
    try {
      expect(ctx.config.delivery).toBe('outbox');
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/settings' })).json().outbox_enabled).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('is absent when messages are really delivered', async () => {
    const ctx = await createTestApp({ DELIVERY: 'live', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms' });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
      expectErrorCode(response, 404, 'not_found');
      const settings = await ctx.app.inject({ method: 'GET', url: '/api/v1/settings' });
      expect(settings.json().outbox_enabled).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('is absent in production', async () => {
    const ctx = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(48),
      ENCRYPTION_KEY: 'a'.repeat(64),
      DATABASE_URL: 'postgres://unused.invalid/worq',
      PUBLIC_URL: 'https://portal.example.com',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms',
      DELIVERY: 'live',
    });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
      expect(response.statusCode).toBe(404);
      const doc = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(Object.keys(doc.json().paths)).not.toContain('/dev/outbox');
    } finally {
      await ctx.close();
    }
  });
});
