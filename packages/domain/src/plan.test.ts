import { describe, expect, it } from 'vitest';
import {
  calculatePlan,
  formatTry,
  isPlanWithinBounds,
  planBounds,
  planRates,
  planViolations,
  providerShareRate,
  suggestedStockPurchase,
} from './plan.ts';

const tl = (lira: number) => lira * 100;

describe('calculatePlan', () => {
  it('applies 8, 12 and 16 percent for 4, 6 and 8 weeks', () => {
    const base = {
      averageMonthlyTurnover: tl(200_000),
      estimatedStockPurchase: tl(100_000),
      estimatedSalesTurnover: tl(150_000),
      paymentStartWeek: 1 as const,
    };
    expect(calculatePlan({ ...base, durationWeeks: 4 }).providerShare).toBe(tl(8_000));
    expect(calculatePlan({ ...base, durationWeeks: 6 }).providerShare).toBe(tl(12_000));
    expect(calculatePlan({ ...base, durationWeeks: 8 }).providerShare).toBe(tl(16_000));
  });

  it('derives total payment and your share', () => {
    const plan = calculatePlan({
      averageMonthlyTurnover: tl(200_000),
      estimatedStockPurchase: tl(100_000),
      estimatedSalesTurnover: tl(150_000),
      durationWeeks: 6,
      paymentStartWeek: 2,
    });
    expect(plan.totalPayment).toBe(tl(112_000));
    expect(plan.yourShare).toBe(tl(38_000));
  });

  it('starts installments in the chosen week and puts the remainder on the last one', () => {
    const plan = calculatePlan({
      averageMonthlyTurnover: tl(50_000),
      estimatedStockPurchase: 1_000_001,
      estimatedSalesTurnover: 2_000_000,
      durationWeeks: 6,
      paymentStartWeek: 3,
    });
    expect(plan.schedule.map((i) => i.week)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(plan.schedule.reduce((sum, i) => sum + i.amount, 0)).toBe(plan.totalPayment);
    expect(plan.schedule.slice(0, 5).every((i) => i.amount === plan.installmentAmount)).toBe(true);
    expect(plan.schedule[5]!.amount).toBeGreaterThanOrEqual(plan.installmentAmount);
  });
});

describe('bounds', () => {
  it('caps stock purchase at twice the monthly turnover and 10 million TL', () => {
    expect(planBounds(tl(30_000), tl(20_000), 4).maxStockPurchase).toBe(tl(60_000));
    expect(planBounds(tl(9_000_000), tl(20_000), 4).maxStockPurchase).toBe(tl(10_000_000));
  });
  it('keeps sales turnover between total payment and five times the stock purchase', () => {
    const bounds = planBounds(tl(100_000), tl(50_000), 8);
    expect(bounds.minSalesTurnover).toBe(tl(58_000));
    expect(bounds.maxSalesTurnover).toBe(tl(250_000));
  });
  it('reports violations with the figures for the message', () => {
    const violations = planViolations({
      averageMonthlyTurnover: tl(10_000),
      estimatedStockPurchase: tl(5_000),
      estimatedSalesTurnover: tl(1_000_000),
      durationWeeks: 4,
      paymentStartWeek: 1,
    });
    expect(violations.estimated_stock_purchase_amount?.key).toBe('stock_purchase_bounds');
    expect(violations.estimated_sales_turnover?.key).toBe('sales_turnover_bounds');
    expect(
      planViolations({
        averageMonthlyTurnover: tl(100_000),
        estimatedStockPurchase: tl(80_000),
        estimatedSalesTurnover: tl(120_000),
        durationWeeks: 4,
        paymentStartWeek: 1,
      }),
    ).toEqual({});
  });
  it('suggests 80 percent of turnover', () => {
    expect(suggestedStockPurchase(tl(100_000))).toBe(tl(80_000));
    expect(suggestedStockPurchase(tl(5_000))).toBe(tl(10_000));
  });
});

describe('turnover too low for any stock purchase', () => {
  it('blames the turnover instead of showing a range whose maximum is below its minimum', () => {
    const inputs = {
      averageMonthlyTurnover: tl(4_000),
      estimatedStockPurchase: tl(10_000),
      estimatedSalesTurnover: tl(12_000),
      durationWeeks: 4 as const,
      paymentStartWeek: 1 as const,
    };
    expect(planViolations(inputs)).toEqual({ average_monthly_turnover: { key: 'turnover_too_low', min: tl(5_000) } });
    expect(isPlanWithinBounds(inputs)).toBe(false);
    expect(planViolations({ ...inputs, averageMonthlyTurnover: tl(5_000) })).toEqual({});
  });
});

describe('rates and money display', () => {
  it('serves the rates as fractions', () => {
    expect(providerShareRate(6)).toBe(0.12);
    expect(planRates).toEqual([
      { durationWeeks: 4, rate: 0.08 },
      { durationWeeks: 6, rate: 0.12 },
      { durationWeeks: 8, rate: 0.16 },
    ]);
  });
  it('formats kuruş as Turkish lira in the reader language', () => {
    expect(formatTry(1_000_000)).toBe('₺10.000,00');
    expect(formatTry(1_000_050)).toBe('₺10.000,50');
  });
});
