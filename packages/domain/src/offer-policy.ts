/**
 * The pre-qualified offer (ARCHITECTURE.md §6a): a pure, versioned policy that turns a seller's
 * verified figures and forecast into "up to ₺X", the three plan durations priced, the reasons in
 * plain words and what would raise it. It is a pre-qualification subject to the experts' review,
 * never a promise. Change a threshold or a factor: change `offerPolicyVersion` too, so a stored offer
 * always names the rules that made it. Amounts are kuruş.
 */
import type { Language } from './language.ts';
import { calculatePlan, durationsWeeks, formatTry, planLimits, providerShareRateBps, type DurationWeeks } from './plan.ts';

export const offerPolicyVersion = '2026-11-28.2';

/** Verified figures only: stores whose source is unverified never enter them. */
export interface OfferInputs {
  /** Net sales (not cancelled, not returned) of the last 90 days. */
  netSales90Days: number;
  /** The last 90 days against the 90 before, as a fraction (0.08 = +8 %); null without 180 days of history. */
  trend: number | null;
  /** Returned orders over placed orders in the last 90 days, 0…1. */
  returnRate: number;
  /** Coefficient of variation of the last 13 weekly totals (standard deviation over mean). */
  weeklyVariation: number;
  /** Whole months since the first synced order of the verified stores. */
  historyMonths: number;
  /** Verified stores with sales in the last 90 days. */
  storeCount: number;
  /** Forecast sales of the next 8 weeks at the interval's low end; null without a forecast. */
  forecastSlow8Weeks: number | null;
}

/** The documented rules, one named constant each. */
export const offerRules = {
  /**
   * Two whole months, not three: Trendyol serves only its last 3 months of orders (88 days counted
   * here), which is 2 whole months, so a 3-month minimum refused every Trendyol-only seller whatever
   * their real history. A short history still lowers the offer (shortHistoryFactor). Version .2.
   */
  minHistoryMonths: 2,
  fullHistoryMonths: 6,
  /** The base: this share of the average month of the last 90 days (the plan's stock guidance). */
  baseShareOfMonthlySales: planLimits.suggestedStockRatio,
  /** The trend moves the offer one for one, within these bounds. */
  trendFloor: -0.3,
  trendCeiling: 0.2,
  returnRateLow: 0.05,
  returnRateHigh: 0.15,
  maxReturnRate: 0.25,
  steadyVariation: 0.25,
  unsteadyVariation: 0.5,
  shortHistoryFactor: 0.8,
  singleStoreFactor: 0.9,
  moderateReturnsFactor: 0.85,
  highReturnsFactor: 0.7,
  variableSalesFactor: 0.85,
  unsteadySalesFactor: 0.7,
  /** Offers are rounded down to whole thousands of lira. */
  roundTo: 1_000_00,
} as const;

export type OfferReasonCode =
  'net_sales' | 'trend' | 'trend_unknown' | 'return_rate' | 'steadiness' | 'history' | 'stores' | 'forecast_cap' | 'plan_cap';
export type OfferRefusalCode = 'history_too_short' | 'no_verified_sales' | 'return_rate_too_high' | 'amount_below_minimum';
export type OfferRaiseCode = 'another_store' | 'longer_history' | 'lower_return_rate' | 'steadier_sales';
export type Steadiness = 'steady' | 'variable' | 'unsteady';

export interface OfferNote<Code extends string> {
  code: Code;
  params: Record<string, string | number>;
}

export interface PricedDuration {
  durationWeeks: DurationWeeks;
  providerShareRateBps: number;
  providerShare: number;
  totalPayment: number;
  installmentAmount: number;
}

export type OfferDecision =
  | {
      status: 'pre_qualified';
      policyVersion: string;
      maxAmount: number;
      durations: PricedDuration[];
      reasons: OfferNote<OfferReasonCode>[];
      raise: OfferNote<OfferRaiseCode>[];
    }
  | {
      status: 'refused';
      policyVersion: string;
      refusals: OfferNote<OfferRefusalCode>[];
      raise: OfferNote<OfferRaiseCode>[];
    };

export function steadinessOf(weeklyVariation: number): Steadiness {
  if (weeklyVariation <= offerRules.steadyVariation) return 'steady';
  return weeklyVariation <= offerRules.unsteadyVariation ? 'variable' : 'unsteady';
}

const percent = (fraction: number) => Math.round(fraction * 100);

/** The offer for a seller's verified figures. */
export function offerFor(inputs: OfferInputs): OfferDecision {
  const rules = offerRules;
  const steadiness = steadinessOf(inputs.weeklyVariation);
  const raise: OfferNote<OfferRaiseCode>[] = [];
  if (inputs.storeCount < 2) raise.push({ code: 'another_store', params: {} });
  if (inputs.historyMonths < rules.fullHistoryMonths) raise.push({ code: 'longer_history', params: { months: rules.fullHistoryMonths } });
  if (inputs.returnRate > rules.returnRateLow) raise.push({ code: 'lower_return_rate', params: { percent: percent(rules.returnRateLow) } });
  if (steadiness !== 'steady') raise.push({ code: 'steadier_sales', params: {} });

  const refusals: OfferNote<OfferRefusalCode>[] = [];
  if (inputs.netSales90Days <= 0 || inputs.storeCount === 0) refusals.push({ code: 'no_verified_sales', params: {} });
  if (inputs.historyMonths < rules.minHistoryMonths) {
    refusals.push({ code: 'history_too_short', params: { months: inputs.historyMonths, min_months: rules.minHistoryMonths } });
  }
  if (inputs.returnRate > rules.maxReturnRate) {
    refusals.push({ code: 'return_rate_too_high', params: { percent: percent(inputs.returnRate), max: percent(rules.maxReturnRate) } });
  }
  if (refusals.length > 0) return { status: 'refused', policyVersion: offerPolicyVersion, refusals, raise };

  const monthlySales = inputs.netSales90Days / 3;
  let amount = monthlySales * rules.baseShareOfMonthlySales;
  const reasons: OfferNote<OfferReasonCode>[] = [{ code: 'net_sales', params: { amount: inputs.netSales90Days } }];
  if (inputs.trend === null) {
    reasons.push({ code: 'trend_unknown', params: {} });
  } else {
    amount *= 1 + Math.min(rules.trendCeiling, Math.max(rules.trendFloor, inputs.trend));
    reasons.push({ code: 'trend', params: { percent: percent(inputs.trend) } });
  }
  if (inputs.returnRate > rules.returnRateHigh) amount *= rules.highReturnsFactor;
  else if (inputs.returnRate > rules.returnRateLow) amount *= rules.moderateReturnsFactor;
  reasons.push({ code: 'return_rate', params: { percent: percent(inputs.returnRate) } });
  if (steadiness === 'variable') amount *= rules.variableSalesFactor;
  if (steadiness === 'unsteady') amount *= rules.unsteadySalesFactor;
  reasons.push({ code: 'steadiness', params: { steadiness } });
  if (inputs.historyMonths < rules.fullHistoryMonths) amount *= rules.shortHistoryFactor;
  reasons.push({ code: 'history', params: { months: inputs.historyMonths } });
  if (inputs.storeCount < 2) amount *= rules.singleStoreFactor;
  reasons.push({ code: 'stores', params: { count: inputs.storeCount } });
  // The plan is repaid from sales: never more than the slow scenario of the longest plan.
  if (inputs.forecastSlow8Weeks !== null && inputs.forecastSlow8Weeks < amount) {
    amount = inputs.forecastSlow8Weeks;
    reasons.push({ code: 'forecast_cap', params: { amount: inputs.forecastSlow8Weeks } });
  }
  const planCap = Math.min(planLimits.maxStockPurchase, monthlySales * planLimits.maxStockToTurnoverRatio);
  if (planCap < amount) {
    amount = planCap;
    reasons.push({ code: 'plan_cap', params: { amount: Math.floor(planCap) } });
  }
  const maxAmount = Math.floor(amount / rules.roundTo) * rules.roundTo;
  if (maxAmount < planLimits.minStockPurchase) {
    return {
      status: 'refused',
      policyVersion: offerPolicyVersion,
      refusals: [{ code: 'amount_below_minimum', params: { min: planLimits.minStockPurchase } }],
      raise,
    };
  }
  return { status: 'pre_qualified', policyVersion: offerPolicyVersion, maxAmount, durations: priceDurations(maxAmount), reasons, raise };
}

/** The three plan durations for a stock purchase, payments starting the first week. */
export function priceDurations(amount: number): PricedDuration[] {
  return durationsWeeks.map((durationWeeks) => {
    const plan = calculatePlan({
      averageMonthlyTurnover: amount,
      estimatedStockPurchase: amount,
      estimatedSalesTurnover: amount,
      durationWeeks,
      paymentStartWeek: 1,
    });
    return {
      durationWeeks,
      providerShareRateBps: providerShareRateBps[durationWeeks],
      providerShare: plan.providerShare,
      totalPayment: plan.totalPayment,
      installmentAmount: plan.installmentAmount,
    };
  });
}

const texts: Record<OfferReasonCode | OfferRefusalCode | OfferRaiseCode | 'headline' | 'subject_to_review', Record<Language, string>> = {
  headline: {
    tr: 'Şu ana kadar {amount} tutarına kadar finansman alabilirsiniz.',
    en: 'So far you can get financing of up to {amount}.',
  },
  subject_to_review: {
    tr: 'Bu bir ön değerlendirmedir, söz değildir: son karar uzmanlarımızın incelemesinden sonra verilir.',
    en: 'This is a pre-qualification, not a promise: our experts decide after reviewing your application.',
  },
  net_sales: { tr: 'son 90 günde {amount} net satış', en: 'net sales of {amount} over the last 90 days' },
  trend: { tr: 'eğilim {percent}', en: 'trend {percent}' },
  trend_unknown: { tr: 'eğilim için henüz 6 aylık geçmiş yok', en: 'not yet 6 months of history for a trend' },
  return_rate: { tr: 'iade oranı %{percent}', en: 'return rate {percent} %' },
  steadiness: { tr: 'satışlar {steadiness}', en: 'sales {steadiness}' },
  history: { tr: '{months} aylık geçmiş', en: '{months} months of history' },
  stores: { tr: '{count} doğrulanmış mağaza', en: '{count} verified store(s)' },
  forecast_cap: {
    tr: 'önümüzdeki 8 haftanın yavaş senaryosundaki satışlarla ({amount}) sınırlı',
    en: 'limited to the sales of the next 8 weeks in the slow scenario ({amount})',
  },
  plan_cap: { tr: 'plan kurallarının üst sınırıyla ({amount}) sınırlı', en: "limited by the plan rules' maximum ({amount})" },
  history_too_short: {
    tr: 'Satış geçmişiniz {months} ay; ön değerlendirme için en az {min_months} ay gerekiyor.',
    en: 'A pre-qualification needs at least {min_months} months of sales history; yours has {months}.',
  },
  no_verified_sales: {
    tr: 'Doğrulanmış bir mağazanızda son 90 günde satış görünmüyor.',
    en: 'None of your verified stores shows sales in the last 90 days.',
  },
  return_rate_too_high: {
    tr: 'İade oranınız %{percent}; ön değerlendirme için en fazla %{max} olmalı.',
    en: 'Your return rate is {percent} %; a pre-qualification needs at most {max} %.',
  },
  amount_below_minimum: {
    tr: 'Satışlarınıza göre hesaplanan tutar en düşük finansman tutarının ({min}) altında kalıyor.',
    en: 'The amount your sales support is below the smallest financing amount ({min}).',
  },
  another_store: { tr: 'Başka bir mağaza bağlamak', en: 'Connecting another store' },
  longer_history: { tr: 'En az {months} aylık satış geçmişi', en: 'At least {months} months of sales history' },
  lower_return_rate: { tr: 'İade oranının %{percent} altına inmesi', en: 'A return rate below {percent} %' },
  steadier_sales: { tr: 'Haftadan haftaya daha düzenli satışlar', en: 'Steadier sales from week to week' },
};

const steadinessWords: Record<Steadiness, Record<Language, string>> = {
  steady: { tr: 'düzenli', en: 'steady' },
  variable: { tr: 'dalgalı', en: 'variable' },
  unsteady: { tr: 'düzensiz', en: 'unsteady' },
};

const amountParams = new Set(['amount', 'min']);

/** One note of an offer (or its headline) as text; amounts formatted as lira, trend signed. */
export function offerText(language: Language, code: keyof typeof texts, params: Record<string, string | number> = {}): string {
  return texts[code][language].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (amountParams.has(name) && typeof value === 'number') return formatTry(value);
    if (name === 'steadiness') return steadinessWords[value as Steadiness][language];
    if (code === 'trend' && name === 'percent') {
      const signed = `${Number(value) > 0 ? '+' : ''}${value}`;
      return language === 'tr' ? `%${signed}` : `${signed} %`;
    }
    return String(value);
  });
}

/** The reasons of an offer as one sentence: "net sales ₺… over the last 90 days, trend +8 %, …". */
export function offerSummary(language: Language, reasons: readonly OfferNote<OfferReasonCode>[]): string {
  const text = reasons.map((reason) => offerText(language, reason.code, reason.params)).join(', ');
  return `${text.charAt(0).toLocaleUpperCase(language === 'tr' ? 'tr-TR' : 'en-GB')}${text.slice(1)}.`;
}
