/**
 * The seller's pre-qualified offer (GET /gpp/offer): the verified figures and forecast of
 * forecast.ts through the policy of @worq/domain/offer-policy. Every offer is stored (seller_offers)
 * with the version of the seller's orders it was computed from. It is computed when an import of
 * one of the seller's stores completes, and on read when the orders changed since the latest row:
 * page views read the stored row, and only sellers whose orders changed are recomputed.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { istanbulDay } from '@worq/domain/calendar';
import type { Language } from '@worq/domain/language';
import { offerFor, offerPolicyVersion, offerSummary, offerText, type OfferDecision, type OfferInputs } from '@worq/domain/offer-policy';
import { durationsWeeks, providerShareRate } from '@worq/domain/plan';
import { salesScenarios } from '@worq/domain/sales-forecast';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { OfferView, SalesForecastView } from '@worq/domain/wire/offer';
import type { Db } from '../../db/client.ts';
import { sellerOffers } from '../../db/schema.ts';
import { sellerFigures, type SellerFigures } from './forecast.ts';
import { rowsOf } from './repository.ts';

/** An offer as stored: the decision and the figures it was made from. */
export interface StoredOffer {
  id: string;
  ordersVersion: string;
  computedAt: Date;
  figures: SellerFigures;
  decision: OfferDecision;
}

/** The offer view of a stored offer, in one language (also what an application's snapshot keeps). */
export function offerView(offer: StoredOffer, language: Language): OfferView {
  const { figures, decision } = offer;
  const note = (item: { code: string; params: Record<string, string | number> }) => ({
    code: item.code,
    text: offerText(language, item.code as Parameters<typeof offerText>[1], item.params),
  });
  const qualified = decision.status === 'pre_qualified' ? decision : null;
  const inputs = figures.inputs;
  return {
    offer_id: offer.id,
    policy_version: decision.policyVersion,
    computed_at: offer.computedAt.toISOString(),
    status: decision.status,
    max_amount: qualified?.maxAmount ?? null,
    headline: qualified ? offerText(language, 'headline', { amount: qualified.maxAmount }) : null,
    subject_to_review: offerText(language, 'subject_to_review'),
    summary: qualified ? offerSummary(language, qualified.reasons) : null,
    reasons: qualified ? qualified.reasons.map(note) : [],
    refusals: decision.status === 'refused' ? decision.refusals.map(note) : [],
    raise: decision.raise.map(note),
    durations: (qualified?.durations ?? []).map((duration) => ({
      duration_weeks: duration.durationWeeks,
      provider_share_rate: providerShareRate(duration.durationWeeks),
      provider_share: duration.providerShare,
      total_payment: duration.totalPayment,
      installment_amount: duration.installmentAmount,
    })),
    sales_scenarios: figures.forecast
      ? durationsWeeks.map((weeks) => ({ duration_weeks: weeks, ...salesScenarios(figures.forecast!, weeks) }))
      : [],
    inputs: {
      net_sales_90_days: inputs.netSales90Days,
      trend: inputs.trend,
      return_rate: inputs.returnRate,
      weekly_variation: inputs.weeklyVariation,
      history_months: inputs.historyMonths,
      store_count: inputs.storeCount,
      forecast_slow_8_weeks: inputs.forecastSlow8Weeks,
    },
    excluded_integrations: figures.excluded,
    forecast: figures.forecast,
  };
}

/** The seller's offer as of `now`, in the request language. */
export async function sellerOffer(
  db: Db,
  customerId: string,
  now: Date,
  hostSuffixes: StoreHostSuffixes,
  language: Language,
): Promise<OfferView> {
  return offerView(await currentOffer(db, customerId, now, hostSuffixes), language);
}

/**
 * The seller's latest stored offer when it was computed from the orders as they are now; otherwise
 * computed, stored and returned. The figures read the day's 90-day window, so a new Istanbul day,
 * like a changed order, store or policy, is a new orders version.
 */
export async function currentOffer(db: Db, customerId: string, now: Date, hostSuffixes: StoreHostSuffixes): Promise<StoredOffer> {
  const version = await ordersVersion(db, customerId, now, hostSuffixes);
  const latest = await latestOffer(db, customerId);
  if (latest?.ordersVersion === version) return latest;
  const figures = await sellerFigures(db, customerId, now, hostSuffixes);
  return storeOffer(db, customerId, version, now, figures, offerFor(figures.inputs));
}

/**
 * Called once an order sync of one of the seller's stores has completed (insight/sync.ts), after its
 * outcome is saved: brings the stored offer up to date, so it is ready before the seller asks.
 * Nothing is recomputed when the import changed no order. A failure is logged and never fails the sync.
 */
export async function refreshOfferAfterImport(
  ctx: { db: Db; log: FastifyBaseLogger; hostSuffixes: StoreHostSuffixes },
  customerId: string,
  now: Date,
): Promise<void> {
  try {
    await currentOffer(ctx.db, customerId, now, ctx.hostSuffixes);
  } catch (error) {
    ctx.log.error({ err: error, customerId }, 'could not store the offer after an import');
  }
}

/**
 * Adds the offer as a new row when its decision or inputs differ from the seller's latest row; a
 * recomputation that changes neither confirms the latest row for the new orders version (and keeps
 * its forecast and excluded stores current). One writer per seller at a time (an advisory lock), so
 * two processes recomputing together add one row, not two.
 */
async function storeOffer(
  db: Db,
  customerId: string,
  version: string,
  now: Date,
  figures: SellerFigures,
  decision: OfferDecision,
): Promise<StoredOffer> {
  const inputs = JSON.stringify(figures.inputs);
  const decisionJson = JSON.stringify(decision);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`seller_offers:${customerId}`}, 0))`);
    const latest = await latestOffer(tx, customerId);
    if (latest?.ordersVersion === version) return latest;
    if (latest) {
      // jsonb equality: the same figures and decision whatever the key order they were stored in.
      const [confirmed] = await tx
        .update(sellerOffers)
        .set({
          ordersVersion: version,
          checkedAt: now,
          forecast: figures.forecast as Record<string, unknown> | null,
          excludedIntegrations: figures.excluded,
        })
        .where(
          and(
            eq(sellerOffers.id, latest.id),
            sql`${sellerOffers.inputs} = ${inputs}::jsonb`,
            sql`${sellerOffers.decision} = ${decisionJson}::jsonb`,
          ),
        )
        .returning({ id: sellerOffers.id });
      if (confirmed)
        return {
          ...latest,
          ordersVersion: version,
          figures: { ...latest.figures, forecast: figures.forecast, excluded: figures.excluded },
        };
    }
    const [row] = await tx
      .insert(sellerOffers)
      .values({
        customerId,
        policyVersion: decision.policyVersion,
        ordersVersion: version,
        computedAt: now,
        checkedAt: now,
        status: decision.status,
        maxAmount: decision.status === 'pre_qualified' ? decision.maxAmount : null,
        inputs: sql`${inputs}::jsonb`,
        decision: sql`${decisionJson}::jsonb`,
        forecast: figures.forecast as Record<string, unknown> | null,
        excludedIntegrations: figures.excluded,
      })
      .returning({ id: sellerOffers.id });
    return { id: row!.id, ordersVersion: version, computedAt: now, figures, decision };
  });
}

/** The seller's latest stored offer; only ever the seller's own. */
async function latestOffer(db: Db, customerId: string): Promise<StoredOffer | undefined> {
  const [row] = await db
    .select()
    .from(sellerOffers)
    .where(eq(sellerOffers.customerId, customerId))
    .orderBy(desc(sellerOffers.computedAt), desc(sellerOffers.checkedAt))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    ordersVersion: row.ordersVersion,
    computedAt: row.computedAt,
    figures: {
      inputs: row.inputs as unknown as OfferInputs,
      forecast: row.forecast as unknown as SalesForecastView | null,
      excluded: row.excludedIntegrations as unknown as SellerFigures['excluded'],
    },
    decision: row.decision as unknown as OfferDecision,
  };
}

/**
 * What the offer depends on, in one short read: the Istanbul day, then a digest of the policy
 * version, the verified-host settings and each store of the seller with its state, its address
 * fields and the last time a saved page changed its orders (order_syncs.orders_changed_at). A sync
 * that changes no order leaves it as it was.
 */
export async function ordersVersion(db: Db, customerId: string, now: Date, hostSuffixes: StoreHostSuffixes): Promise<string> {
  const settings = `${offerPolicyVersion}|${JSON.stringify(hostSuffixes)}`;
  const result = await db.execute(sql`
    select md5(${settings} || coalesce(string_agg(
      i.id || ':' || i.status || ':' || i.is_active || ':' || i.store_name || ':' || i.public_fields::text || ':' ||
        coalesce(s.orders_changed_at::text, ''),
      ',' order by i.id), '')) as digest
    from integrations i left join order_syncs s on s.integration_id = i.id
    where i.customer_id = ${customerId}`);
  return `${istanbulDay(now)}|${String(rowsOf<{ digest: string }>(result)[0]?.digest ?? '')}`;
}
