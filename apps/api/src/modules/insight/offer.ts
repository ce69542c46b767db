/**
 * The seller's pre-qualified offer (GET /gpp/offer): the verified figures and forecast of
 * forecast.ts through the policy of @worq/domain/offer-policy, in the request language. Computed on
 * read and kept for a few minutes per seller in a bounded cache, so the plan's page views do not
 * refit the model. An entry holds only while the seller's stores and their imports are as they were
 * (ordersVersion): a page of orders saved, a store added, removed or switched off computes it anew,
 * so the offer follows an import at once and only sellers whose orders changed are recomputed.
 */
import type { Language } from '@worq/domain/language';
import { offerFor, offerSummary, offerText, type OfferDecision } from '@worq/domain/offer-policy';
import { durationsWeeks, providerShareRate } from '@worq/domain/plan';
import { salesScenarios } from '@worq/domain/sales-forecast';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { OfferView } from '@worq/domain/wire/offer';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sellerFigures, type SellerFigures } from './forecast.ts';
import { rowsOf } from './repository.ts';

export const offerCacheMs = 5 * 60_000;
export const offerCacheEntries = 1_000;

interface Computed {
  at: Date;
  /** ordersVersion when it was computed. */
  version: string;
  figures: SellerFigures;
  decision: OfferDecision;
}

export interface OfferCache {
  get(customerId: string, now: Date, version: string): Computed | undefined;
  set(customerId: string, value: Computed): void;
}

/** A per-app cache: entries expire after offerCacheMs, the oldest go first past offerCacheEntries. */
export function createOfferCache(): OfferCache {
  const entries = new Map<string, Computed>();
  return {
    get(customerId, now, version) {
      const entry = entries.get(customerId);
      if (entry && entry.version === version && now.getTime() - entry.at.getTime() < offerCacheMs) return entry;
      entries.delete(customerId);
      return undefined;
    },
    set(customerId, value) {
      entries.delete(customerId);
      entries.set(customerId, value);
      if (entries.size > offerCacheEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/** The offer view of a computed offer, in one language (also what an application's snapshot stores). */
export function offerView(computed: Computed, language: Language): OfferView {
  const { figures, decision } = computed;
  const note = (item: { code: string; params: Record<string, string | number> }) => ({
    code: item.code,
    text: offerText(language, item.code as Parameters<typeof offerText>[1], item.params),
  });
  const qualified = decision.status === 'pre_qualified' ? decision : null;
  const inputs = figures.inputs;
  return {
    policy_version: decision.policyVersion,
    computed_at: computed.at.toISOString(),
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

/** The seller's offer as of `now`, from the cache when it is fresh. */
export async function sellerOffer(
  db: Db,
  cache: OfferCache,
  customerId: string,
  now: Date,
  hostSuffixes: StoreHostSuffixes,
  language: Language,
): Promise<OfferView> {
  const version = await ordersVersion(db, customerId);
  let computed = cache.get(customerId, now, version);
  if (!computed) {
    const figures = await sellerFigures(db, customerId, now, hostSuffixes);
    computed = { at: now, version, figures, decision: offerFor(figures.inputs) };
    cache.set(customerId, computed);
  }
  return offerView(computed, language);
}

/** What the seller's figures depend on, in one short read: each store, its state and its import's last write. */
async function ordersVersion(db: Db, customerId: string): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(string_agg(i.id || ':' || i.status || ':' || i.is_active || ':' || coalesce(s.updated_at::text, ''), ',' order by i.id), '') as version
    from integrations i left join order_syncs s on s.integration_id = i.id
    where i.customer_id = ${customerId}`);
  return String(rowsOf<{ version: string | null }>(result)[0]?.version ?? '');
}
