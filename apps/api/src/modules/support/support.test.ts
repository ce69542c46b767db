import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, registerCustomer, registerVerifiedCustomer } from '../../test/accounts-helpers.ts';
import { createReviewTestApp, sentTo, signInExpert } from '../admin/test-kit.ts';
import { sharedTestApp } from '../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { supportRequests } from '../../db/schema.ts';
import { customerRateLimits } from '../../plugins/rate-limit.ts';

const supportInbox = 'destek@worq.local';

// The real per-customer limits (the accounts test app multiplies them).
const ctx = sharedTestApp(() => createReviewTestApp({ SUPPORT_EMAIL: supportInbox, CUSTOMER_RATE_LIMIT_FACTOR: '1' }));
let expertToken: string;

beforeAll(async () => {
  expertToken = (await signInExpert(ctx)).jwt_token;
});

interface SupportItem {
  id: string;
  topic: string;
  message: string;
  contact_preference: string;
  customer: { email: string };
  handled_at: string | null;
  handled_by: { email: string } | null;
}

const valid = { topic: 'company_change', message: 'Şirket unvanımız değişti, güncellemek istiyorum.', contact_preference: 'phone' };

describe('POST /support/request', () => {
  it('stores the request, answers 201 with its id and e-mails it to SUPPORT_EMAIL', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const response = await post(ctx, '/support/request', valid, seller.jwt_token);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ id: string; created_at: string }>();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    const [email] = await sentTo(ctx, supportInbox, 'email');
    expect(email!.subject).toBe('Destek talebi: Şirket bilgisi değişikliği');
    expect(email!.body).toContain(seller.email);
    expect(email!.body).toContain(valid.message);
  });

  it('works before the phone is verified, since it is the way out of a stuck account', async () => {
    const seller = await registerCustomer(ctx);
    const response = await post(ctx, '/support/request', { ...valid, topic: 'other' }, seller.jwt_token);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a message shorter than 10 or longer than 2000 characters, an unknown topic or preference', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const short = await post(ctx, '/support/request', { ...valid, message: '  kısa  ' }, seller.jwt_token);
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors.fields)).toEqual(['message']);
    expect((await post(ctx, '/support/request', { ...valid, message: 'a'.repeat(2001) }, seller.jwt_token)).statusCode).toBe(400);
    expect((await post(ctx, '/support/request', { ...valid, message: 'a'.repeat(2000) }, seller.jwt_token)).statusCode).toBe(201);
    expect((await post(ctx, '/support/request', { ...valid, topic: 'billing' }, seller.jwt_token)).statusCode).toBe(400);
    expect((await post(ctx, '/support/request', { ...valid, contact_preference: 'fax' }, seller.jwt_token)).statusCode).toBe(400);
  });

  it('Sixty support requests in a row are mostly refused with 429 in the envelope', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await post(ctx, '/support/request', valid, seller.jwt_token, { 'accept-language': 'en' }));
    const statuses = answers.map((answer) => answer.statusCode);
    const allowed = customerRateLimits.supportRequest.max;
    expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(201));
    expect(statuses.slice(allowed)).toEqual(Array(60 - allowed).fill(429));
    const refused = answers.at(-1)!.json<{ errors: { code: string; message: string; retry_after_seconds: number } }>();
    expect(refused.errors).toMatchObject({ code: 'too_many_requests', message: 'Too many attempts. Please try again a little later.' });
    expect(refused.errors.retry_after_seconds).toBeGreaterThan(50 * 60);
    // Only the accepted ones were stored for the team; another seller is not held back.
    const stored = await ctx.database.db.select().from(supportRequests).where(eq(supportRequests.customerId, seller.customerId));
    expect(stored).toHaveLength(allowed);
    const other = await registerVerifiedCustomer(ctx);
    expect((await post(ctx, '/support/request', valid, other.jwt_token)).statusCode).toBe(201);
  });

  it('needs a signed-in seller', async () => {
    expect((await post(ctx, '/support/request', valid)).statusCode).toBe(401);
    expect((await post(ctx, '/support/request', valid, expertToken)).statusCode).toBe(403);
  });
});

describe('the back-office list of support requests', () => {
  it('lists requests to call back, newest first; done moves one to the handled list once', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const first = (
      await post(
        ctx,
        '/support/request',
        { ...valid, message: 'Mağazamı bağlayamıyorum, yardım eder misiniz?', topic: 'connection' },
        seller.jwt_token,
      )
    ).json<{ id: string }>();
    const second = (await post(ctx, '/support/request', { ...valid, contact_preference: 'email' }, seller.jwt_token)).json<{
      id: string;
    }>();

    const open = await get(ctx, `/admin/support_requests?q=${encodeURIComponent(seller.email)}`, expertToken);
    expect(open.statusCode, open.body).toBe(200);
    const items = open.json<{ items: SupportItem[]; total: number }>().items;
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(items[1]).toMatchObject({
      topic: 'connection',
      contact_preference: 'phone',
      customer: { email: seller.email },
      handled_at: null,
    });

    const done = await post(ctx, `/admin/support_requests/${first.id}/handled`, {}, expertToken);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SupportItem>().handled_by?.email).toBe('uzman@worq.local');
    const stillOpen = (await get(ctx, `/admin/support_requests?q=${encodeURIComponent(seller.email)}`, expertToken)).json<{
      items: SupportItem[];
    }>();
    expect(stillOpen.items.map((item) => item.id)).toEqual([second.id]);
    const handled = (await get(ctx, `/admin/support_requests?handled=true&q=${encodeURIComponent(seller.email)}`, expertToken)).json<{
      items: SupportItem[];
    }>();
    expect(handled.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('is for experts only', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    expect((await get(ctx, '/admin/support_requests', seller.jwt_token)).statusCode).toBe(403);
    expect((await post(ctx, '/admin/support_requests/00000000-0000-4000-8000-000000000000/handled', {}, expertToken)).statusCode).toBe(404);
  });
});
