import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { applicationEvents, applications } from '../../db/schema.ts';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import { expectErrorCode, openTestDatabase, sharedTestApp, type TestContext, testEnv } from '../../test/helpers.ts';
import {
  createReviewTestApp,
  expertEmail,
  expertPassword,
  insertSeller,
  saveContactForm,
  sentTo,
  signInExpert,
  storedSecret,
  submitApplication,
} from './test-kit.ts';

const ctx = sharedTestApp(() => createReviewTestApp());
let expertToken: string;

beforeAll(async () => {
  expertToken = (await signInExpert(ctx)).jwt_token;
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

interface QueueItem {
  id: string;
  status: string;
  submitted_at: string;
  customer: { email: string };
  plan: { estimated_stock_purchase_amount: number; total_payment_amount: number; duration_weeks: number } | null;
  store_count: number;
  company_title: string | null;
}

async function queue(query = ''): Promise<{ items: QueueItem[]; total: number }> {
  const response = await get(ctx, `/admin/applications${query}`, expertToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function decide(applicationId: string, body: unknown, headers: Record<string, string> = {}) {
  return post(ctx, `/admin/applications/${applicationId}/decision`, body, expertToken, headers);
}

describe('the review queue', () => {
  let older: RegisteredCustomer;
  let newer: RegisteredCustomer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    older = await registerVerifiedCustomer(ctx);
    newer = await registerVerifiedCustomer(ctx);
    const decided = await registerVerifiedCustomer(ctx);
    const drafting = await registerVerifiedCustomer(ctx);
    ids.older = (await submitApplication(ctx, older, { submittedAt: hoursAgo(48), companyTitle: 'Marmara Örgü' })).applicationId;
    ids.newer = (
      await submitApplication(ctx, newer, { submittedAt: hoursAgo(2), companyTitle: 'Ege Zeytin', durationWeeks: 8 })
    ).applicationId;
    ids.approved = (await submitApplication(ctx, decided, { submittedAt: hoursAgo(5), status: 'approved' })).applicationId;
    ids.draft = (await submitApplication(ctx, drafting, { status: 'not_completed' })).applicationId;
  });

  const ours = (items: QueueItem[]) => items.map((item) => item.id).filter((id) => Object.values(ids).includes(id));

  it('lists applications under review by default, newest submitted first, with plan, stores and company', async () => {
    const { items, total } = await queue();
    expect(ours(items)).toEqual([ids.newer, ids.older]);
    expect(total).toBeGreaterThanOrEqual(2);
    const newest = items.find((item) => item.id === ids.newer)!;
    expect(newest).toMatchObject({
      status: 'in_progress',
      customer: { email: newer.email },
      plan: { estimated_stock_purchase_amount: 400_000_00, total_payment_amount: 464_000_00, duration_weeks: 8 },
      store_count: 1,
      company_title: 'Ege Zeytin',
    });
  });

  it('filters by status and never shows an application the seller has not submitted', async () => {
    expect(ours((await queue('?status=approved')).items)).toEqual([ids.approved]);
    expect(ours((await queue('?status=all')).items)).toEqual([ids.newer, ids.approved, ids.older]);
    expect(ours((await queue('?status=rejected')).items)).toEqual([]);
    const draft = await get(ctx, `/admin/applications/${ids.draft}`, expertToken);
    expectErrorCode(draft, 404, 'application_not_found');
  });

  it('searches by e-mail, name, phone, company title and tax number', async () => {
    expect(ours((await queue(`?q=${encodeURIComponent(older.email.toUpperCase())}`)).items)).toEqual([ids.older]);
    expect(ours((await queue(`?q=${encodeURIComponent('ege zeytin')}`)).items)).toEqual([ids.newer]);
    expect(ours((await queue(`?q=${encodeURIComponent(`0${newer.phone}`)}`)).items)).toEqual([ids.newer]);
    const detail = (await get(ctx, `/admin/applications/${ids.older}`, expertToken)).json();
    expect(ours((await queue(`?q=${detail.company.tax_number}`)).items)).toEqual([ids.older]);
    expect((await queue('?q=%25%25nobody%25%25')).items).toEqual([]);
  });

  it('pages through the queue', async () => {
    const first = await queue('?pagesize=1&page=0');
    const second = await queue('?pagesize=1&page=1');
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
    expect(first.total).toBe(second.total);
  });

  it('answers 400 to an unknown status filter', async () => {
    const response = await get(ctx, '/admin/applications?status=not_completed', expertToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields.status).toBeTruthy();
  });
});

describe('an application page', () => {
  it('shows the seller, the plan and schedule, the stores without secrets, the company, contact forms and the audit trail', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const submitted = await submitApplication(ctx, seller, { companyTitle: 'Toros Gıda', storeName: 'Toros Mağaza' });
    await saveContactForm(ctx, seller, { applicationId: submitted.applicationId, storeName: 'Toros Mağaza' });
    await saveContactForm(ctx, seller, { storeName: 'Eski Mağaza', createdAt: hoursAgo(100) });

    const response = await get(ctx, `/admin/applications/${submitted.applicationId}`, expertToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(storedSecret);
    expect(response.body).not.toMatch(/scrypt|password|secrets_encrypted|api_secret/);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: submitted.applicationId,
      status: 'in_progress',
      decided_at: null,
      decided_by: null,
      customer: { id: seller.customerId, email: seller.email, phone_number: seller.phone, is_phone_verified: true },
      plan: { duration_weeks: 6, payment_start_week: 2, provider_share_rate: 0.12, installment_count: 6, total_payment_amount: 448_000_00 },
      company: { id: submitted.companyId, trade_name: 'Toros Gıda', tax_office: 'Kadıköy', type: 2 },
    });
    const schedule = detail.plan.schedule as { week: number; amount: number }[];
    expect(schedule.map((entry) => entry.week)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(schedule.reduce((sum, entry) => sum + entry.amount, 0)).toBe(detail.plan.total_payment_amount);
    expect(detail.integrations).toEqual([
      expect.objectContaining({
        id: submitted.integrationId,
        marketplace_code: 'trendyol',
        marketplace_name: expect.any(String),
        store_name: 'Toros Mağaza',
        seller_id: '123456',
        status_at_submission: 'active',
        status: 'active',
        company_title: 'Toros Gıda',
      }),
    ]);
    expect(detail.contact_forms).toHaveLength(2);
    expect(detail.contact_forms[0]).toMatchObject({
      application: { id: submitted.applicationId, status: 'in_progress' },
      headquarters_city: { id: 34, name: 'İstanbul' },
      handled_at: null,
    });
    expect(detail.contact_forms[1]).toMatchObject({ application: null, best_selling_store_name: 'Eski Mağaza' });
    expect(detail.events).toEqual([
      expect.objectContaining({
        action: 'submitted',
        actor: { id: seller.customerId, name: 'Ayşe Yılmaz', email: seller.email, role: 'customer' },
      }),
    ]);
    expect(detail.events_next_cursor).toBeNull();
  });

  it('pages a long audit trail: the page holds the first 50 events and a cursor, /events the rest in order', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller, { submittedAt: hoursAgo(10) });
    const db = ctx.database.db;
    // 60 events a minute apart, 30 at one millisecond (ordered by id), 30 at the database's now(), finer than milliseconds.
    const base = hoursAgo(9).getTime();
    const event = (createdAt?: Date) => ({
      applicationId,
      actorId: seller.customerId,
      actorRole: 'customer' as const,
      action: 'step_changed' as const,
      detail: { from: 1, to: 2 },
      ...(createdAt ? { createdAt } : {}),
    });
    await db.insert(applicationEvents).values(Array.from({ length: 60 }, (_, i) => event(new Date(base + i * 60_000))));
    await db.insert(applicationEvents).values(Array.from({ length: 30 }, () => event(new Date(base + 90 * 60_000))));
    await db.insert(applicationEvents).values(Array.from({ length: 30 }, () => event()));
    const all = (
      await db
        .select({ id: applicationEvents.id })
        .from(applicationEvents)
        .where(eq(applicationEvents.applicationId, applicationId))
        .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id))
    ).map((row) => row.id);
    expect(all).toHaveLength(121);

    const detail = (await get(ctx, `/admin/applications/${applicationId}`, expertToken)).json();
    expect(detail.events.map((item: { id: string }) => item.id)).toEqual(all.slice(0, 50));
    expect(detail.events_next_cursor).toEqual(expect.any(String));

    const seen: string[] = detail.events.map((item: { id: string }) => item.id);
    let cursor: string | null = detail.events_next_cursor;
    const sizes: number[] = [];
    while (cursor) {
      const response = await get(ctx, `/admin/applications/${applicationId}/events?cursor=${cursor}`, expertToken);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ events: { id: string; action: string }[]; next_cursor: string | null }>();
      sizes.push(page.events.length);
      seen.push(...page.events.map((item) => item.id));
      cursor = page.next_cursor;
    }
    expect(sizes).toEqual([50, 21]);
    expect(seen).toEqual(all);

    // Without a cursor: the page's first events; limit chooses the size.
    const first = (await get(ctx, `/admin/applications/${applicationId}/events?limit=10`, expertToken)).json();
    expect(first.events.map((item: { id: string }) => item.id)).toEqual(all.slice(0, 10));
    expect(first.next_cursor).toBe(all[9]);
    expect((await get(ctx, `/admin/applications/${applicationId}/events?limit=500`, expertToken)).statusCode).toBe(400);
  });

  it('refuses an events cursor that is not an event of the application, and pages only submitted applications for experts', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller);
    const other = await submitApplication(ctx, await registerVerifiedCustomer(ctx));
    const [foreign] = await ctx.database.db
      .select({ id: applicationEvents.id })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, other.applicationId));
    for (const cursor of [foreign!.id, '00000000-0000-4000-8000-000000000099', 'not-a-cursor']) {
      const response = await get(ctx, `/admin/applications/${applicationId}/events?cursor=${cursor}`, expertToken, {
        'accept-language': 'en',
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(Object.keys(response.json().errors.fields)).toEqual(['cursor']);
    }
    const draft = await submitApplication(ctx, await registerVerifiedCustomer(ctx), { status: 'not_completed' });
    expect((await get(ctx, `/admin/applications/${draft.applicationId}/events`, expertToken)).statusCode).toBe(404);
    expect((await get(ctx, `/admin/applications/${applicationId}/events`, seller.jwt_token)).statusCode).toBe(403);
  });

  it('shows a store deleted since submission as deleted, from what was submitted', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const submitted = await submitApplication(ctx, seller, { storeName: 'Kapanan Mağaza' });
    await ctx.database.db.execute(`delete from integrations where id = '${submitted.integrationId}'`);
    const detail = (await get(ctx, `/admin/applications/${submitted.applicationId}`, expertToken)).json();
    expect(detail.integrations).toEqual([
      expect.objectContaining({
        id: submitted.integrationId,
        store_name: 'Kapanan Mağaza',
        status: 'deleted',
        status_at_submission: 'active',
        is_active: false,
      }),
    ]);
    expect(JSON.stringify(detail)).not.toContain(storedSecret);
  });

  it('answers 404 for an unknown application and 400 for an id that is not one', async () => {
    expect((await get(ctx, '/admin/applications/00000000-0000-4000-8000-000000000099', expertToken)).statusCode).toBe(404);
    expect((await get(ctx, '/admin/applications/not-an-id', expertToken)).statusCode).toBe(400);
  });
});

describe('deciding', () => {
  it('approves once: records who and when, writes the audit event and tells the seller in their language', async () => {
    const seller = await registerVerifiedCustomer(ctx, {}, { 'accept-language': 'en' });
    const { applicationId } = await submitApplication(ctx, seller);
    const response = await decide(applicationId, { decision: 'approved' });
    expect(response.statusCode, response.body).toBe(200);
    const decided = response.json();
    expect(decided).toMatchObject({
      id: applicationId,
      status: 'approved',
      reject_reason: null,
      decided_by: { name: 'WorqTrade Expert', email: expertEmail },
    });
    expect(Date.now() - Date.parse(decided.decided_at)).toBeLessThan(60_000);

    const detail = (await get(ctx, `/admin/applications/${applicationId}`, expertToken)).json();
    expect(detail.events.map((event: { action: string }) => event.action)).toEqual(['submitted', 'approved']);
    expect(detail.events[1].actor).toMatchObject({ role: 'expert', email: expertEmail, name: 'WorqTrade Expert' });
    expect(detail.decided_by.email).toBe(expertEmail);

    const [email] = await sentTo(ctx, seller.email, 'email');
    expect(email?.body).toMatch(/application/i);
    expect(email?.body).toMatch(/approved/i);
    const sms = await sentTo(ctx, seller.phone, 'sms');
    expect(sms.some((message) => /approved/i.test(message.body))).toBe(true);

    const again = await decide(applicationId, { decision: 'rejected', reject_reason: 'Fikrimizi değiştirdik, üzgünüz.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toMatchObject({ code: 'already_decided', status: 'approved' });
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.status).toBe('approved');
  });

  it('rejects with the reason, which the seller reads in Turkish', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller);
    const reason = '  Mağaza cirosu plan için yeterli görünmüyor.  ';
    const response = await decide(applicationId, { decision: 'rejected', reject_reason: reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'rejected', reject_reason: reason.trim() });
    const [email] = await sentTo(ctx, seller.email, 'email');
    expect(email?.body).toMatch(/başvuru/);
    expect(email?.body).toContain(reason.trim());
    const events = await ctx.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.action, 'rejected')));
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toEqual({ reject_reason: reason.trim() });
  });

  it('needs a reject reason of at least 10 characters, told per field in the request language', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller);
    const missing = await decide(applicationId, { decision: 'rejected' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ code: 'validation_failed', fields: { reject_reason: 'Ret gerekçesi boş bırakılamaz.' } });
    const blank = await decide(applicationId, { decision: 'rejected', reject_reason: '   ' }, { 'accept-language': 'en' });
    expect(blank.json().errors.fields.reject_reason).toBe('Reject reason cannot be empty.');
    const short = await decide(applicationId, { decision: 'rejected', reject_reason: 'Kısa' }, { 'accept-language': 'en' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.fields.reject_reason).toMatch(/at least 10 characters/);
    const long = await decide(applicationId, { decision: 'rejected', reject_reason: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.fields.reject_reason).toMatch(/1000/);
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.status).toBe('in_progress');
    expect(await sentTo(ctx, seller.email, 'email', 0)).toHaveLength(0);
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller);
    const answers = await Promise.all([
      decide(applicationId, { decision: 'approved' }),
      decide(applicationId, { decision: 'rejected', reject_reason: 'Eş zamanlı ikinci karar denemesi.' }),
      decide(applicationId, { decision: 'approved' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const decisions = await ctx.database.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, applicationId));
    expect(decisions.filter((event) => event.action === 'approved' || event.action === 'rejected')).toHaveLength(1);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.status).toBe(winner.status);
    expect(await sentTo(ctx, seller.email, 'email')).toHaveLength(1);
  });

  it('refuses to decide an application that was never submitted, or one that does not exist', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller, { status: 'not_completed' });
    const draft = await decide(applicationId, { decision: 'approved' });
    expectErrorCode(draft, 409, 'not_under_review');
    const unknown = await decide('00000000-0000-4000-8000-000000000099', { decision: 'approved' });
    expectErrorCode(unknown, 404, 'application_not_found');
  });
});

describe('contact forms', () => {
  it('lists forms to call back, with and without an application, and marks one handled once', async () => {
    const withApplication = await registerVerifiedCustomer(ctx);
    const withoutApplication = await registerVerifiedCustomer(ctx, { first_name: 'Mehmet', last_name: 'Kaya' });
    const { applicationId } = await submitApplication(ctx, withApplication);
    const first = await saveContactForm(ctx, withApplication, { applicationId, storeName: 'Çınar Pazarı', createdAt: hoursAgo(3) });
    const second = await saveContactForm(ctx, withoutApplication, { storeName: 'Kaya Ticaret', createdAt: hoursAgo(1) });

    const listed = await get(ctx, '/admin/contact_forms', expertToken);
    expect(listed.statusCode, listed.body).toBe(200);
    const { items, total } = listed.json();
    const ids = items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(total).toBeGreaterThanOrEqual(2);
    expect(items.find((item: { id: string }) => item.id === second)).toMatchObject({
      customer: { id: withoutApplication.customerId, first_name: 'Mehmet', email: withoutApplication.email },
      application: null,
      headquarters_city: { id: 34, name: 'İstanbul' },
      sales_channels: ['marketplace', 'own_website'],
      monthly_revenue_band: '500k_1m',
      ecommerce_duration_band: '1y_5y',
      best_selling_store_name: 'Kaya Ticaret',
      handled_at: null,
      handled_by: null,
    });
    expect(items.find((item: { id: string }) => item.id === first).application).toEqual({ id: applicationId, status: 'in_progress' });

    const searched = (await get(ctx, `/admin/contact_forms?q=${encodeURIComponent('kaya tic')}`, expertToken)).json();
    expect(searched.items.map((item: { id: string }) => item.id)).toEqual([second]);

    const handled = await post(ctx, `/admin/contact_forms/${second}/handled`, {}, expertToken);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({ id: second, handled_by: { name: 'WorqTrade Expert', email: expertEmail } });
    const handledAt = handled.json().handled_at;
    expect(handledAt).toBeTruthy();

    const open = (await get(ctx, '/admin/contact_forms?handled=false&pagesize=100', expertToken)).json();
    expect(open.items.map((item: { id: string }) => item.id)).not.toContain(second);
    const done = (await get(ctx, '/admin/contact_forms?handled=true&pagesize=100', expertToken)).json();
    expect(done.items.map((item: { id: string }) => item.id)).toContain(second);
    const all = (await get(ctx, '/admin/contact_forms?handled=all&pagesize=100', expertToken)).json();
    expect(all.items.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([first, second]));

    // Again, without a body, as the web's route map sends this POST.
    const again = await post(ctx, `/admin/contact_forms/${second}/handled`, undefined, expertToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().handled_at).toBe(handledAt);
  });

  it('answers 404 for an unknown contact form', async () => {
    const response = await post(ctx, '/admin/contact_forms/00000000-0000-4000-8000-000000000099/handled', {}, expertToken);
    expectErrorCode(response, 404, 'contact_form_not_found');
  });
});

describe('when the seller cannot be told', () => {
  it('keeps the decision and answers 200 although the delivery fails', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-admin-delivery-'));
    const database = await openTestDatabase();
    const config = loadConfig(testEnv(dataDir, { BOOTSTRAP_EXPERT_EMAIL: expertEmail, BOOTSTRAP_EXPERT_PASSWORD: expertPassword }));
    let attempts = 0;
    const failing = {
      mode: 'outbox' as const,
      async send() {
        attempts += 1;
        throw new Error('SMTP is down');
      },
    };
    const app = await buildApp({ config, database, delivery: failing, logger: false });
    await app.ready();
    const broken: TestContext = { app, config, database, close: async () => {} };
    try {
      const seller = await insertSeller(broken);
      const { applicationId } = await submitApplication(broken, seller);
      const token = (await signInExpert(broken)).jwt_token;
      const response = await post(broken, `/admin/applications/${applicationId}/decision`, { decision: 'approved' }, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe('approved');
      expect(attempts).toBeGreaterThan(0);
      const [row] = await database.db.select().from(applications).where(eq(applications.id, applicationId));
      expect(row?.status).toBe('approved');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
