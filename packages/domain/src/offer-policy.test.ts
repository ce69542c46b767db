import { describe, expect, it } from 'vitest';
import { offerFor, offerPolicyVersion, offerRules, offerSummary, offerText, priceDurations, type OfferInputs } from './offer-policy.ts';
import { planLimits } from './plan.ts';

/** ₺300,000 net over 90 days (₺100,000 a month), steady, two stores, a year of history. */
const strong: OfferInputs = {
  netSales90Days: 300_000_00,
  trend: 0,
  returnRate: 0.02,
  weeklyVariation: 0.1,
  historyMonths: 12,
  storeCount: 2,
  forecastSlow8Weeks: null,
};

function amountOf(inputs: Partial<OfferInputs>): number {
  const decision = offerFor({ ...strong, ...inputs });
  if (decision.status !== 'pre_qualified') throw new Error(`refused: ${decision.refusals.map((refusal) => refusal.code).join()}`);
  return decision.maxAmount;
}

describe('offerFor', () => {
  it('offers 80 % of the average month for a strong seller, in whole thousands, with its version', () => {
    const decision = offerFor(strong);
    expect(decision).toMatchObject({ status: 'pre_qualified', policyVersion: offerPolicyVersion, maxAmount: 80_000_00, raise: [] });
  });

  it.each<[string, Partial<OfferInputs>, number]>([
    ['a rising trend raises it one for one', { trend: 0.1 }, 88_000_00],
    ['a falling trend lowers it', { trend: -0.1 }, 72_000_00],
    ['the trend counts at most +20 %', { trend: 0.9 }, 96_000_00],
    ['the trend counts at most −30 %', { trend: -0.9 }, 56_000_00],
    ['an unknown trend neither raises nor lowers it', { trend: null }, 80_000_00],
    ['a return rate above 5 % lowers it by 15 %', { returnRate: 0.08 }, 68_000_00],
    ['a return rate above 15 % lowers it by 30 %', { returnRate: 0.2 }, 56_000_00],
    ['variable sales lower it by 15 %', { weeklyVariation: 0.4 }, 68_000_00],
    ['unsteady sales lower it by 30 %', { weeklyVariation: 0.8 }, 56_000_00],
    ['fewer than 6 months of history lower it by 20 %', { historyMonths: 4 }, 64_000_00],
    ['a single store lowers it by 10 %', { storeCount: 1 }, 72_000_00],
    ['more sales raise it', { netSales90Days: 600_000_00 }, 160_000_00],
    ['the slow scenario of the next 8 weeks caps it', { forecastSlow8Weeks: 50_500_00 }, 50_000_00],
    ['a slow scenario above the amount leaves it', { forecastSlow8Weeks: 500_000_00 }, 80_000_00],
  ])('%s', (_name, inputs, expected) => {
    expect(amountOf(inputs)).toBe(expected);
  });

  it('never offers more than the plan allows', () => {
    expect(amountOf({ netSales90Days: 100_000_000_00 })).toBe(planLimits.maxStockPurchase);
  });

  it('names the caps it applied among its reasons', () => {
    const decision = offerFor({ ...strong, forecastSlow8Weeks: 50_000_00 });
    expect(decision.status === 'pre_qualified' && decision.reasons.map((reason) => reason.code)).toContain('forecast_cap');
  });

  it.each<[string, Partial<OfferInputs>, string]>([
    ['no sales', { netSales90Days: 0 }, 'no_verified_sales'],
    ['no verified store', { storeCount: 0 }, 'no_verified_sales'],
    ['under 2 months of history', { historyMonths: 1 }, 'history_too_short'],
    ['a return rate over 25 %', { returnRate: 0.3 }, 'return_rate_too_high'],
    ['an amount under the smallest plan', { netSales90Days: 30_000_00 }, 'amount_below_minimum'],
  ])('refuses with %s', (_name, inputs, code) => {
    const decision = offerFor({ ...strong, ...inputs });
    expect(decision.status).toBe('refused');
    expect(decision.status === 'refused' && decision.refusals.map((refusal) => refusal.code)).toContain(code);
  });

  it('words a short history in months, not lira', () => {
    const decision = offerFor({ ...strong, historyMonths: 1 });
    const refusal = decision.status === 'refused' ? decision.refusals.find((item) => item.code === 'history_too_short') : undefined;
    expect(offerText('tr', 'history_too_short', refusal?.params)).toBe(
      'Satış geçmişiniz 1 ay; ön değerlendirme için en az 2 ay gerekiyor.',
    );
    expect(offerText('en', 'history_too_short', refusal?.params)).toBe(
      'A pre-qualification needs at least 2 months of sales history; yours has 1.',
    );
  });

  it('says what would raise it', () => {
    const decision = offerFor({ ...strong, storeCount: 1, historyMonths: 4, returnRate: 0.08, weeklyVariation: 0.4 });
    expect(decision.raise.map((item) => item.code)).toEqual(['another_store', 'longer_history', 'lower_return_rate', 'steadier_sales']);
  });

  it('keeps its documented thresholds within the plan rules', () => {
    expect(offerRules.baseShareOfMonthlySales).toBe(planLimits.suggestedStockRatio);
  });
});

describe('priceDurations', () => {
  it('prices 4, 6 and 8 weeks at 8, 12 and 16 %', () => {
    expect(priceDurations(100_000_00).map((duration) => [duration.durationWeeks, duration.providerShare, duration.totalPayment])).toEqual([
      [4, 8_000_00, 108_000_00],
      [6, 12_000_00, 112_000_00],
      [8, 16_000_00, 116_000_00],
    ]);
  });
});

describe('offer texts', () => {
  it('read as plain Turkish and English', () => {
    const decision = offerFor({ ...strong, trend: 0.08, returnRate: 0.04, historyMonths: 5, storeCount: 1 });
    if (decision.status !== 'pre_qualified') throw new Error('refused');
    expect(offerSummary('en', decision.reasons)).toBe(
      'Net sales of ₺300.000,00 over the last 90 days, trend +8 %, return rate 4 %, sales steady, 5 months of history, 1 verified store(s).',
    );
    expect(offerSummary('tr', decision.reasons)).toBe(
      'Son 90 günde ₺300.000,00 net satış, eğilim %+8, iade oranı %4, satışlar düzenli, 5 aylık geçmiş, 1 doğrulanmış mağaza.',
    );
    expect(offerText('tr', 'headline', { amount: decision.maxAmount })).toBe(
      'Şu ana kadar ₺62.000,00 tutarına kadar finansman alabilirsiniz.',
    );
  });
});
