/**
 * The watch on funded sellers (ARCHITECTURE.md §6a, issue 36): every approved application gets a
 * `funding_watch` row with its baseline at approval; the rules run on the order-sync schedule —
 * a row is due when its interval has passed or when one of the seller's stores completed a sync
 * since the last check — and each process claims due rows with SKIP LOCKED, so no two check one
 * application at once. A warning is raised once (the open-warning unique index), cleared when its
 * cause goes, and the experts are e-mailed through the delivery queue in the same transaction.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { istanbulDay } from '@worq/domain/calendar';
import { riskScore, type WarningCode } from '@worq/domain/funding-watch';
import type { Language } from '@worq/domain/language';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { OfferView } from '@worq/domain/wire/offer';
import type { Db } from '../../db/client.ts';
import { applications, customers, fundingWarnings, fundingWatch, plans } from '../../db/schema.ts';
import { enqueueMessage } from '../../delivery/queue.ts';
import { renderEmail } from '../../delivery/templates/catalogue.ts';
import { findOfferSnapshot, sellerOffer } from '../insight/public.ts';
import { repaymentsForExpert } from '../repayment/public.ts';
import { watchFigures, type FundedPlan, type WatchFigures, type WatchRow } from './figures.ts';
import { warningLine } from './messages.ts';

export interface WatchContext {
  db: Db;
  hostSuffixes: StoreHostSuffixes;
  /** Where the experts' e-mail links point (config.publicUrl). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** How often an application is checked when nothing synced (the order-sync interval). */
  intervalMinutes: number;
}

/** An approval older than this gets its baseline from the submission's offer, not from today's orders. */
const freshApprovalMs = 24 * 3_600_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function fundedApplication(db: Db | Tx, applicationId: string) {
  const [row] = await db
    .select({
      id: applications.id,
      customerId: applications.customerId,
      status: applications.status,
      decidedAt: applications.decidedAt,
      companyTitle: sql<
        string | null
      >`coalesce(${applications.submittedSnapshot} -> 'company' ->> 'trade_name', ${applications.submittedSnapshot} -> 'companies' -> 0 ->> 'trade_name')`,
      estimatedSalesTurnover: plans.estimatedSalesTurnover,
      durationWeeks: plans.durationWeeks,
      paymentStartWeek: plans.paymentStartWeek,
      installmentCount: plans.installmentCount,
      fundedAmount: plans.estimatedStockPurchaseAmount,
    })
    .from(applications)
    .innerJoin(plans, eq(plans.applicationId, applications.id))
    .where(eq(applications.id, applicationId));
  return row && row.status === 'approved' && row.decidedAt ? { ...row, decidedAt: row.decidedAt } : undefined;
}

/** Whether the application is the customer's own and approved (the seller's owner check). */
export async function isOwnApprovedApplication(db: Db, customerId: string, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.customerId, customerId), eq(applications.status, 'approved')));
  return row !== undefined;
}

/** The forecast and return rate the rules compare with: computed at approval, else as submitted. */
async function baselineOf(ctx: WatchContext, customerId: string, applicationId: string, decidedAt: Date, now: Date) {
  let offer: OfferView | null = null;
  let source: 'approval' | 'submission' | 'none' = 'none';
  if (now.getTime() - decidedAt.getTime() < freshApprovalMs) {
    try {
      offer = await sellerOffer(ctx.db, customerId, now, ctx.hostSuffixes, 'tr');
      source = 'approval';
    } catch (error) {
      ctx.log.warn({ err: error, applicationId }, 'could not compute the forecast at approval; using the submitted one');
    }
  }
  if (!offer) {
    offer = await findOfferSnapshot(ctx.db, applicationId);
    if (offer) source = 'submission';
  }
  const forecast = offer?.forecast ?? null;
  return {
    baselineSource: forecast ? source : ('none' as const),
    forecastMethod: forecast?.method ?? null,
    forecastWeeks: forecast ? forecast.weeks.map((week) => ({ expected: week.expected, low: week.low, high: week.high })) : [],
    returnRateAtApproval: offer ? offer.inputs.return_rate : null,
  };
}

/**
 * Starts the watch of an approved application once: at approval, or when the job adopts one that
 * has none (approved before this feature, or the approval's own call failed). Returns the row.
 */
export async function startFundingWatch(ctx: WatchContext, applicationId: string, now = new Date()): Promise<WatchRow | undefined> {
  const [existing] = await ctx.db.select().from(fundingWatch).where(eq(fundingWatch.applicationId, applicationId));
  if (existing) return existing;
  const application = await fundedApplication(ctx.db, applicationId);
  if (!application) return undefined;
  const baseline = await baselineOf(ctx, application.customerId, applicationId, application.decidedAt, now);
  await ctx.db
    .insert(fundingWatch)
    .values({
      applicationId,
      customerId: application.customerId,
      approvalDay: istanbulDay(application.decidedAt),
      companyTitle: application.companyTitle,
      ...baseline,
      fundedAmount: application.fundedAmount,
      nextCheckAt: now,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(fundingWatch).where(eq(fundingWatch.applicationId, applicationId));
  return row;
}

/** Approved applications without a watch yet (a few per tick). */
export async function adoptFundedApplications(ctx: WatchContext, now: Date, limit = 20): Promise<number> {
  const missing = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'approved'),
        sql`not exists (select 1 from ${fundingWatch} w where w.application_id = ${applications.id})`,
        sql`exists (select 1 from ${plans} p where p.application_id = ${applications.id})`,
      ),
    )
    .limit(limit);
  for (const { id } of missing) await startFundingWatch(ctx, id, now);
  return missing.length;
}

/**
 * Claims the applications due for a check and moves them a full interval ahead in one statement.
 * Due: the interval passed, or a store of the seller completed a sync after the last claim.
 */
export async function claimDueWatches(ctx: WatchContext, now: Date, limit = 50): Promise<string[]> {
  const next = new Date(now.getTime() + Math.max(1, ctx.intervalMinutes) * 60_000);
  const result = await ctx.db.execute(sql`
    with due as (
      select w.application_id from funding_watch w
      where w.state = 'active' and (
        w.next_check_at <= ${now.toISOString()}::timestamptz
        or exists (
          select 1 from order_syncs s
          where s.customer_id = w.customer_id and s.last_synced_at > coalesce(w.checked_at, '-infinity'::timestamptz)
        )
      )
      order by w.next_check_at
      limit ${limit}
      for update skip locked
    )
    update funding_watch w set next_check_at = ${next.toISOString()}::timestamptz, checked_at = ${now.toISOString()}::timestamptz
    from due where w.application_id = due.application_id
    returning w.application_id::text as id`);
  return ((result as { rows?: { id: string }[] }).rows ?? []).map((row) => row.id);
}

export interface CheckOutcome {
  figures: WatchFigures;
  raised: WarningCode[];
  cleared: WarningCode[];
}

/** The figures of one application and its plan's part the rules read; undefined when not funded. */
export async function figuresOf(
  ctx: WatchContext,
  applicationId: string,
  now: Date,
): Promise<{ watch: WatchRow; figures: WatchFigures } | undefined> {
  const watch = await startFundingWatch(ctx, applicationId, now);
  const application = await fundedApplication(ctx.db, applicationId);
  if (!watch || !application) return undefined;
  const plan: FundedPlan = {
    estimatedSalesTurnover: application.estimatedSalesTurnover,
    durationWeeks: application.durationWeeks,
    paymentStartWeek: application.paymentStartWeek,
    installmentCount: application.installmentCount,
  };
  const repayment = await repaymentsForExpert(ctx.db, applicationId, now);
  return { watch, figures: await watchFigures(ctx.db, ctx.hostSuffixes, watch, plan, repayment, now) };
}

/**
 * Runs the rules for one application: stores the portfolio's figures, raises the warnings that are
 * new, clears those whose cause went, and queues the experts' e-mail for the new ones — one transaction.
 */
export async function checkFundedApplication(
  ctx: WatchContext,
  applicationId: string,
  now = new Date(),
): Promise<CheckOutcome | undefined> {
  const found = await figuresOf(ctx, applicationId, now);
  if (!found) return undefined;
  const { figures } = found;
  const current = new Map(figures.warnings.map((warning) => [warning.code, warning]));
  const repaid = figures.view.repayment.paid >= figures.view.repayment.total;

  return ctx.db.transaction(async (tx) => {
    const open = await tx
      .select({ id: fundingWarnings.id, code: fundingWarnings.code })
      .from(fundingWarnings)
      .where(and(eq(fundingWarnings.applicationId, applicationId), isNull(fundingWarnings.clearedAt)));
    const gone = open.filter((warning) => !current.has(warning.code as WarningCode));
    if (gone.length > 0) {
      await tx
        .update(fundingWarnings)
        .set({ clearedAt: now })
        .where(
          inArray(
            fundingWarnings.id,
            gone.map((warning) => warning.id),
          ),
        );
    }
    const raised: WarningCode[] = [];
    for (const [code, evidence] of current) {
      const [inserted] = await tx
        .insert(fundingWarnings)
        .values({
          applicationId,
          customerId: found.watch.customerId,
          code,
          evidence: evidence as unknown as Record<string, unknown>,
          raisedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: fundingWarnings.id });
      if (inserted) raised.push(code);
    }
    const openCodes = [...current.keys()];
    await tx
      .update(fundingWatch)
      .set({
        state: repaid ? 'repaid' : 'active',
        checkedAt: now,
        totalPaymentAmount: figures.view.repayment.total,
        remainingAmount: figures.view.repayment.total - figures.view.repayment.paid,
        salesVsPlan2w: figures.salesVsPlan2w,
        salesVsPlan4w: figures.salesVsPlan4w,
        lateInstallments: figures.lateInstallments,
        connectionHealth: figures.view.connection_health,
        daysSinceLastOrder: figures.daysSinceLastOrder,
        returnRate: figures.returnRate,
        unverifiedStores: figures.unverifiedStores,
        openWarnings: openCodes,
        riskScore: riskScore(openCodes, figures.salesVsPlan4w),
      })
      .where(eq(fundingWatch.applicationId, applicationId));
    if (raised.length > 0)
      await tellExperts(
        ctx,
        tx,
        applicationId,
        raised.map((code) => current.get(code)!),
      );
    return { figures, raised, cleared: gone.map((warning) => warning.code as WarningCode) };
  });
}

/** One e-mail per expert, in the expert's language, listing the new warnings. */
async function tellExperts(ctx: WatchContext, tx: Tx, applicationId: string, evidence: Parameters<typeof warningLine>[0][]): Promise<void> {
  const [seller] = await tx
    .select({ firstName: customers.firstName, lastName: customers.lastName, companyTitle: fundingWatch.companyTitle })
    .from(fundingWatch)
    .innerJoin(customers, eq(customers.id, fundingWatch.customerId))
    .where(eq(fundingWatch.applicationId, applicationId));
  const experts = await tx
    .select({ email: customers.email, language: customers.preferredLanguage })
    .from(customers)
    .where(eq(customers.role, 'expert'));
  const name = seller ? (seller.companyTitle ?? `${seller.firstName} ${seller.lastName}`) : applicationId;
  const link = `${ctx.publicUrl.replace(/\/$/, '')}/admin/applications/${applicationId}`;
  for (const expert of experts) {
    const language: Language = expert.language === 'en' ? 'en' : 'tr';
    const email = renderEmail('funding_warning', language, {
      seller: name,
      lines: evidence.map((item) => warningLine(item, language)),
      link,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: expert.email,
      subject: email.subject,
      body: email.text,
      html: email.html,
      template: 'funding_warning',
      language,
    });
  }
}

/** How long one tick keeps claiming due applications (the tick is every 15 s). */
const tickBudgetMs = 10_000;

/**
 * One tick of the job: adopt new approvals, then check what is due, batch after batch while the
 * tick's budget lasts, so one process keeps up with thousands of funded sellers on a short interval
 * (bench/portfolio: about 45 ms a check). Returns how many were checked.
 */
export async function runFundingWatch(ctx: WatchContext, now = new Date(), clock: () => number = Date.now): Promise<number> {
  const started = clock();
  await adoptFundedApplications(ctx, now);
  let checked = 0;
  for (;;) {
    const due = await claimDueWatches(ctx, now);
    for (const applicationId of due) {
      try {
        await checkFundedApplication(ctx, applicationId, now);
      } catch (error) {
        ctx.log.warn({ err: error, applicationId }, 'funding watch check failed; retried at the next interval');
      }
    }
    checked += due.length;
    if (due.length === 0 || clock() - started >= tickBudgetMs) return checked;
  }
}
