/**
 * After funding (issue 36) through the real app and database: a seller approved five weeks ago whose
 * sales fell under the forecast's low end and who is behind on installments. Every figure below is
 * worked out by hand from the orders the test writes.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, istanbulDay } from '@worq/domain/calendar';
import type { PerformanceView, PortfolioPage, PortfolioSummaryView, WarningView } from '@worq/domain/wire/funding';
import { applicationOfferSnapshots, fundingWarnings, fundingWatch, marketplaceOrders, messageQueue, orderSyncs } from '../../db/schema.ts';
import { decodeClaims, get, post, registerVerifiedCustomer, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import { sharedTestApp } from '../../test/helpers.ts';
import { decide } from '../admin/decision.ts';
import { createReviewTestApp, expertEmail, signInExpert, submitApplication } from '../admin/test-kit.ts';
import { checkFundedApplication, runFundingWatch, type WatchContext } from './watch.ts';

const ctx = sharedTestApp(() => createReviewTestApp());
let expertToken: string;
let expertId: string;
const watchContext = (): WatchContext => ({
  db: ctx.database.db,
  hostSuffixes: { ideasoft: ['.myideasoft.com'], ticimax: [] },
  publicUrl: 'http://localhost:3000',
  log: ctx.app.log,
  intervalMinutes: 60,
});

beforeAll(async () => {
  expertToken = (await signInExpert(ctx)).jwt_token;
  expertId = String(decodeClaims(expertToken).customer_id);
});

const today = () => istanbulDay(new Date());
const lira = (amount: number) => amount * 100;

/** Plan of submitApplication: ₺900,000 of sales over 6 weeks, so ₺150,000 a week. */
const planWeekly = lira(150_000);

interface Funded {
  seller: RegisteredCustomer;
  applicationId: string;
  integrationId: string;
  approvalDay: string;
}

/**
 * Approved 35 days ago (Istanbul), so five weeks are over: ₺150,000 in weeks 1–3, ₺30,000 in weeks
 * 4 and 5, one delivered order each; the forecast seen at submission had ₺100,000 as its low end.
 */
async function fundedSeller(options: { companyTitle?: string; syncedAt?: Date } = {}): Promise<Funded> {
  const db = ctx.database.db;
  const seller = await registerVerifiedCustomer(ctx);
  const { applicationId, integrationId } = await submitApplication(ctx, seller, { companyTitle: options.companyTitle ?? 'Ayşe Tekstil' });
  const approvalDay = addDays(today(), -35);
  // The forecast the seller saw at submission: 12 weeks, low end ₺100,000.
  await db.insert(applicationOfferSnapshots).values({
    applicationId,
    policyVersion: 'test',
    snapshot: {
      inputs: { return_rate: 0.02 },
      forecast: {
        method: 'ets',
        weeks: Array.from({ length: 12 }, (_, index) => ({
          week: index + 1,
          expected: lira(140_000),
          low: lira(100_000),
          high: lira(180_000),
        })),
      },
    },
  });
  await decide(
    { db, delivery: ctx.app.delivery, log: ctx.app.log },
    applicationId,
    expertId,
    { decision: 'approved' },
    new Date(`${approvalDay}T09:00:00+03:00`),
  );
  const sales = [150_000, 150_000, 150_000, 30_000, 30_000];
  await db.insert(marketplaceOrders).values(
    sales.map((amount, index) => {
      // Weeks 1–4: the first day of the week; week 5: its sixth day (two days ago).
      const day = addDays(approvalDay, index * 7 + (index === 4 ? 5 : 0));
      return {
        integrationId,
        customerId: seller.customerId,
        externalId: `${applicationId}-${index}`,
        orderNumber: `N-${index}`,
        orderedAt: new Date(`${day}T12:00:00+03:00`),
        orderDay: day,
        status: 'delivered' as const,
        totalAmount: lira(amount),
        currency: 'TRY',
        units: 1,
        lines: [],
      };
    }),
  );
  await db.insert(orderSyncs).values({
    integrationId,
    customerId: seller.customerId,
    state: 'ok',
    lastSyncedAt: options.syncedAt ?? new Date(),
  });
  return { seller, applicationId, integrationId, approvalDay };
}

const performanceOf = (funded: Funded, token = funded.seller.jwt_token) =>
  get(ctx, `/application/${funded.applicationId}/performance`, token);

async function warningRows(applicationId: string) {
  return ctx.database.db.select().from(fundingWarnings).where(eq(fundingWarnings.applicationId, applicationId));
}

async function expertAlerts() {
  return ctx.database.db
    .select()
    .from(messageQueue)
    .where(and(eq(messageQueue.to, expertEmail), eq(messageQueue.template, 'funding_warning')));
}

describe("the seller's standing after funding", () => {
  it('shows served weeks against the plan and the forecast, and the week under way as not served', async () => {
    const funded = await fundedSeller();
    const response = await performanceOf(funded);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<PerformanceView>();
    expect(view.approval_day).toBe(funded.approvalDay);
    expect(view.weeks.map((week) => week.sales)).toEqual([lira(150_000), lira(150_000), lira(150_000), lira(30_000), lira(30_000), null]);
    expect(view.weeks[5]).toMatchObject({ week: 6, week_start: today(), served: false });
    expect(view.weeks[0]).toMatchObject({ plan_expected: planWeekly, low: lira(100_000), expected: lira(140_000), high: lira(180_000) });
    // ₺510,000 sold against ₺750,000 planned: 68 %, behind by ₺240,000.
    expect(view).toMatchObject({ status: 'behind', behind_by: lira(240_000), ahead_by: 0, sales_to_date: lira(510_000), served_weeks: 5 });
    expect(view.stores).toEqual([
      expect.objectContaining({ integration_id: funded.integrationId, connection_status: 'ok', source_verified: true }),
    ]);
    expect(view.notes).toEqual([]);
    // Installments 1–4 (days 13, 20, 27 and 34 after approval) are due; none paid.
    expect(view.repayment.paid).toBe(0);
    expect(view.repayment.due_share).toBeCloseTo(4 / 6, 2);
  });

  it('counts a week only once every store synced after it ended', async () => {
    // Last synced two days ago (before week 5 ended): week 5 is unknown, never a zero.
    const funded = await fundedSeller({ syncedAt: new Date(Date.now() - 2 * 86_400_000) });
    const view = (await performanceOf(funded)).json<PerformanceView>();
    expect(view.weeks.map((week) => week.served)).toEqual([true, true, true, true, false, false]);
    expect(view.weeks[4]!.sales).toBeNull();
  });

  it('answers 404 for another seller and for an application not approved', async () => {
    const funded = await fundedSeller();
    const stranger = await registerVerifiedCustomer(ctx);
    expect((await performanceOf(funded, stranger.jwt_token)).statusCode).toBe(404);
    const pending = await submitApplication(ctx, stranger);
    expect((await get(ctx, `/application/${pending.applicationId}/performance`, stranger.jwt_token)).statusCode).toBe(404);
  });

  it('asks the seller to reconnect a store that has not synced for three days', async () => {
    const funded = await fundedSeller({ syncedAt: new Date(Date.now() - 4 * 86_400_000) });
    const view = (await performanceOf(funded)).json<PerformanceView>();
    expect(view.connection_health).toBe('stale');
    expect(view.notes).toEqual([{ code: 'reconnect_store', integration_id: funded.integrationId, store_name: 'Ayşe Butik', days: null }]);
  });
});

describe('warnings', () => {
  it('raises each warning once with its evidence, tells the experts once, and clears it when the cause goes', async () => {
    const funded = await fundedSeller();
    const alertsBefore = (await expertAlerts()).length;
    const first = await checkFundedApplication(watchContext(), funded.applicationId);
    expect(first!.raised.sort()).toEqual(['installment_late', 'sales_below_forecast']);
    const rows = await warningRows(funded.applicationId);
    expect(rows.find((row) => row.code === 'sales_below_forecast')!.evidence).toEqual({
      code: 'sales_below_forecast',
      weeks: [
        { week: 4, from: addDays(funded.approvalDay, 21), to: addDays(funded.approvalDay, 27), sales: lira(30_000), low: lira(100_000) },
        { week: 5, from: addDays(funded.approvalDay, 28), to: addDays(funded.approvalDay, 34), sales: lira(30_000), low: lira(100_000) },
      ],
    });
    expect((await expertAlerts()).length).toBe(alertsBefore + 1);

    // The same causes again: nothing new raised, nobody told twice.
    const second = await checkFundedApplication(watchContext(), funded.applicationId);
    expect(second!.raised).toEqual([]);
    expect(await warningRows(funded.applicationId)).toHaveLength(2);
    expect((await expertAlerts()).length).toBe(alertsBefore + 1);

    // The seller pays everything that is due: the late warning clears, the sales warning stays.
    const due = (await performanceOf(funded)).json<PerformanceView>().repayment.due_to_date;
    const paid = await post(ctx, `/admin/applications/${funded.applicationId}/payments`, { amount: due, paid_at: today() }, expertToken);
    expect(paid.statusCode, paid.body).toBe(200);
    const third = await checkFundedApplication(watchContext(), funded.applicationId);
    expect(third!.cleared).toEqual(['installment_late']);
    const warnings = (await get(ctx, `/admin/applications/${funded.applicationId}/warnings`, expertToken)).json<WarningView[]>();
    expect(warnings.map((warning) => [warning.code, warning.cleared_at === null])).toEqual([
      ['sales_below_forecast', true],
      ['installment_late', false],
    ]);
  });

  it('checks an application once when two processes run the watch at the same moment', async () => {
    const funded = await fundedSeller();
    const now = new Date();
    const [a, b] = await Promise.all([runFundingWatch(watchContext(), now), runFundingWatch(watchContext(), now)]);
    expect(a + b).toBeGreaterThan(0);
    const rows = await warningRows(funded.applicationId);
    expect(rows.map((row) => row.code).sort()).toEqual(['installment_late', 'sales_below_forecast']);
    const [watch] = await ctx.database.db.select().from(fundingWatch).where(eq(fundingWatch.applicationId, funded.applicationId));
    expect(watch).toMatchObject({
      baselineSource: 'submission',
      lateInstallments: 4,
      salesVsPlan2w: 0.2,
      salesVsPlan4w: 0.6,
      riskScore: 72,
    });
  });
});

describe("the experts' portfolio", () => {
  it('lists funded sellers riskiest first, filters by warning, and is for experts only', async () => {
    const funded = await fundedSeller({ companyTitle: 'Riskli Ticaret' });
    await checkFundedApplication(watchContext(), funded.applicationId);
    const page = (await get(ctx, '/admin/portfolio?risk=installment_late&q=Riskli', expertToken)).json<PortfolioPage>();
    expect(page.rows[0]).toMatchObject({
      application_id: funded.applicationId,
      company_title: 'Riskli Ticaret',
      funded_amount: lira(400_000),
      late_installments: 4,
      sales_vs_plan_2w: 0.2,
      sales_vs_plan_4w: 0.6,
      connection_health: 'ok',
      days_since_last_order: 2,
      return_rate_at_approval: 0.02,
      warnings: expect.arrayContaining(['installment_late', 'sales_below_forecast']),
      risk_score: 72,
    });
    const all = (await get(ctx, '/admin/portfolio?pagesize=100', expertToken)).json<PortfolioPage>();
    const scores = all.rows.map((row) => row.risk_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const summary = (await get(ctx, '/admin/portfolio/summary', expertToken)).json<PortfolioSummaryView>();
    expect(summary.applications_with_warnings).toBeGreaterThanOrEqual(1);

    expect((await get(ctx, '/admin/portfolio', funded.seller.jwt_token)).statusCode).toBe(403);
    expect((await get(ctx, '/admin/portfolio.csv', funded.seller.jwt_token)).statusCode).toBe(403);
    expect((await get(ctx, `/admin/applications/${funded.applicationId}/warnings`, funded.seller.jwt_token)).statusCode).toBe(403);
    expect((await get(ctx, '/admin/portfolio?risk=everything', expertToken)).statusCode).toBe(400);
  });

  it('exports CSV quoted and formula-safe, with the header in the request language', async () => {
    const funded = await fundedSeller({ companyTitle: '=HYPERLINK("http://x","a, b")' });
    await checkFundedApplication(watchContext(), funded.applicationId);
    const response = await get(ctx, '/admin/portfolio.csv?q=HYPERLINK', expertToken, { 'accept-language': 'en' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="portfolio-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Application,Seller,E-mail,Company,/);
    expect(lines[1]).toContain(`${funded.applicationId},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""a, b"")"`);
    expect(lines[1]).toContain(',400000,');
    const turkish = await get(ctx, '/admin/portfolio.csv?q=HYPERLINK', expertToken, { 'accept-language': 'tr' });
    expect(turkish.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Başvuru,Satıcı,/);
  });
});
