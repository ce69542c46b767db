import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationEvents, applications } from '../../db/schema.ts';
import { get, post, registerCustomer, registerVerifiedCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { maxPlanSavedEvents } from '../application/public.ts';
import { planBody, savePlan, setStep, startApplication, tl } from '../application/test-kit.ts';
import { expectErrorCode, expectValidationFailed } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();

describe('GET /gpp/get', () => {
  it('serves the rates, start weeks and bounds the web must not hard-code', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, '/gpp/get', customer.jwt_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rates: [
        { duration_weeks: 4, provider_share_rate: 0.08 },
        { duration_weeks: 6, provider_share_rate: 0.12 },
        { duration_weeks: 8, provider_share_rate: 0.16 },
      ],
      payment_start_weeks: [1, 2, 3],
      min_stock_purchase_amount: tl(10_000),
      max_stock_purchase_amount: tl(10_000_000),
      max_stock_to_turnover_ratio: 2,
      max_sales_to_stock_ratio: 5,
      suggested_stock_ratio: 0.8,
    });
  });

  it('needs a verified phone', async () => {
    const unverified = await registerCustomer(ctx);
    const response = await get(ctx, '/gpp/get', unverified.jwt_token);
    expectErrorCode(response, 403, 'phone_not_verified');
  });
});

describe('POST /gpp/upsert', () => {
  /** Sends a plan with the caller's token and answers the raw response (savePlan expects it to succeed). */
  const upsertPlan = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post(ctx, '/gpp/upsert', body, token, headers);

  it('recomputes every figure itself and ignores figures sent by the browser', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const response = await upsertPlan(customer.jwt_token, {
      ...planBody(application.id, { duration_weeks: 6, payment_start_week: 2 }),
      provider_share_amount: 1,
      total_payment_amount: 2,
      schedule: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    // 12 % of 80,000 TL is 9,600 TL; 89,600 TL in six weekly installments from week 2, the last one
    // taking the two kuruş that do not divide.
    expect(response.json()).toEqual({
      application_id: application.id,
      average_monthly_turnover: tl(100_000),
      estimated_stock_purchase_amount: tl(80_000),
      estimated_sales_turnover: tl(120_000),
      duration_weeks: 6,
      payment_start_week: 2,
      provider_share_rate: 0.12,
      provider_share_amount: tl(9_600),
      your_share_amount: tl(30_400),
      total_payment_amount: tl(89_600),
      installment_count: 6,
      installment_amount: 1_493_333,
      schedule: [
        { week: 2, amount: 1_493_333 },
        { week: 3, amount: 1_493_333 },
        { week: 4, amount: 1_493_333 },
        { week: 5, amount: 1_493_333 },
        { week: 6, amount: 1_493_333 },
        { week: 7, amount: 1_493_335 },
      ],
    });
  });

  it('replaces the saved plan when it is saved again, and serves it back', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    await savePlan(ctx, customer, application.id, { duration_weeks: 8, estimated_stock_purchase_amount: tl(50_000) });
    const response = await get(ctx, '/gpp/get_by_customer_id', customer.jwt_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      application_id: application.id,
      duration_weeks: 8,
      estimated_stock_purchase_amount: tl(50_000),
      provider_share_amount: tl(8_000),
      total_payment_amount: tl(58_000),
      your_share_amount: tl(62_000),
    });
  });

  it('refuses a stock purchase above twice the turnover with the bounds as lira, in Turkish by default', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const response = await upsertPlan(customer.jwt_token, planBody(application.id, { average_monthly_turnover: tl(30_000) }));
    expectValidationFailed(response, 'Lütfen işaretli alanları düzeltin.', {
      estimated_stock_purchase_amount: 'Tahmini ürün alım tutarı ₺10.000,00-₺60.000,00 arasında olmalıdır.',
    });
  });

  it('refuses sales turnover outside total payment … five times the stock, in English on request', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const en = { 'accept-language': 'en' };
    const tooHigh = await upsertPlan(customer.jwt_token, planBody(application.id, { estimated_sales_turnover: tl(500_000) }), en);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().errors.fields).toEqual({
      estimated_sales_turnover: 'Estimated sales turnover should be between ₺86.400,00-₺400.000,00.',
    });

    const both = await upsertPlan(
      customer.jwt_token,
      planBody(application.id, { estimated_stock_purchase_amount: tl(5_000), estimated_sales_turnover: tl(1_000) }),
      en,
    );
    expect(both.json().errors.fields).toEqual({
      estimated_stock_purchase_amount: 'Estimated amount of products should be between ₺10.000,00-₺200.000,00.',
      estimated_sales_turnover: 'Estimated sales turnover should be between ₺5.400,00-₺25.000,00.',
    });
    expect((await get(ctx, '/gpp/get_by_customer_id', customer.jwt_token)).statusCode).toBe(404);
  });

  it('blames a turnover too low for any stock purchase', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const response = await upsertPlan(
      customer.jwt_token,
      planBody(application.id, {
        average_monthly_turnover: tl(4_000),
        estimated_stock_purchase_amount: tl(10_000),
        estimated_sales_turnover: tl(12_000),
      }),
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      average_monthly_turnover: 'The average monthly turnover must be at least ₺5.000,00 to apply.',
    });
  });

  it('takes money as whole, non-negative kuruş and only the offered durations and start weeks', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const response = await upsertPlan(
      customer.jwt_token,
      planBody(application.id, {
        average_monthly_turnover: 100.5,
        estimated_stock_purchase_amount: -1,
        estimated_sales_turnover: 1e15,
        duration_weeks: 5,
        payment_start_week: 4,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors.fields).sort()).toEqual([
      'average_monthly_turnover',
      'duration_weeks',
      'estimated_sales_turnover',
      'estimated_stock_purchase_amount',
      'payment_start_week',
    ]);
  });

  it("answers 404 for another customer's application and for one that does not exist", async () => {
    const owner = await registerVerifiedCustomer(ctx);
    const stranger = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, owner);
    for (const id of [application.id, '7d7c1b7e-4c1a-4f7e-9a55-0e4f0e0b1c2d']) {
      const response = await upsertPlan(stranger.jwt_token, planBody(id), { 'accept-language': 'en' });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors).toEqual({ code: 'application_not_found', message: 'Application not found.' });
    }
    expect((await get(ctx, '/gpp/get_by_customer_id', owner.jwt_token)).statusCode).toBe(404);
  });

  it('refuses a plan for an application that is no longer active', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await ctx.database.db.update(applications).set({ isLeaved: true }).where(eq(applications.id, application.id));
    const response = await upsertPlan(customer.jwt_token, planBody(application.id), { 'accept-language': 'en' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ code: 'application_not_active', message: 'This application can no longer be changed.' });
  });
});

describe('the audit trail of plan saves', () => {
  const eventsOf = (applicationId: string) =>
    ctx.database.db
      .select({ action: applicationEvents.action, detail: applicationEvents.detail, createdAt: applicationEvents.createdAt })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicationId))
      .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));

  it('keeps one event for saves in a row, with the last figures and how many saves it stands for', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const first = await savePlan(ctx, customer, application.id, { estimated_stock_purchase_amount: tl(50_000) });
    for (let i = 0; i < 48; i++) await savePlan(ctx, customer, application.id);
    const last = await savePlan(ctx, customer, application.id, { duration_weeks: 6 });
    expect(first.duration_weeks).toBe(4);

    const events = await eventsOf(application.id);
    expect(events.map((event) => event.action)).toEqual(['started', 'plan_saved']);
    const saved = events[1]!;
    expect(saved.detail).toMatchObject({
      estimated_stock_purchase_amount: tl(80_000),
      duration_weeks: 6,
      total_payment_amount: last.total_payment_amount,
      saves: 50,
    });
    expect(Date.parse(String(saved.detail.first_saved_at))).toBeLessThanOrEqual(saved.createdAt.getTime());

    // Another action between two saves starts a new event: the trail still tells what came when.
    await setStep(ctx, customer, application.id, 2);
    await setStep(ctx, customer, application.id, 1);
    await savePlan(ctx, customer, application.id);
    expect((await eventsOf(application.id)).map((event) => event.action)).toEqual([
      'started',
      'plan_saved',
      'step_changed',
      'step_changed',
      'plan_saved',
    ]);
  });

  it(`keeps at most ${maxPlanSavedEvents} plan_saved events per application, however the saves are interleaved`, async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const rounds = maxPlanSavedEvents + 5;
    for (let i = 0; i < rounds; i++) {
      await savePlan(ctx, customer, application.id, { payment_start_week: (i % 3) + 1 });
      expect((await setStep(ctx, customer, application.id, 2)).statusCode).toBe(200);
      expect((await setStep(ctx, customer, application.id, 1)).statusCode).toBe(200);
    }
    const saves = await ctx.database.db
      .select({ detail: applicationEvents.detail })
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, application.id), eq(applicationEvents.action, 'plan_saved')))
      .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
    expect(saves).toHaveLength(maxPlanSavedEvents);
    // Every save is still counted, and the newest event holds the last one.
    expect(saves.reduce((sum, event) => sum + Number(event.detail.saves), 0)).toBe(rounds);
    expect(saves.at(-1)!.detail.saves).toBe(6);
  });
});

describe('GET /gpp/get_by_customer_id', () => {
  it('answers 404 plan_not_found while the active application has no plan', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await startApplication(ctx, customer);
    const response = await get(ctx, '/gpp/get_by_customer_id', customer.jwt_token, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual({ code: 'plan_not_found', message: 'No saved revenue-sharing plan was found.' });
  });
});
