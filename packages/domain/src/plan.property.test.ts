import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculatePlan,
  durationsWeeks,
  isPlanWithinBounds,
  paymentStartWeeks,
  planBounds,
  planViolations,
  providerShareRateBps,
  type PlanInputs,
} from './plan.ts';

/** Up to 100 million TL in kuruş: well past the plan's limits, so out-of-bounds inputs appear too. */
const kurus = fc.integer({ min: 0, max: 10_000_000_000 });

const inputs: fc.Arbitrary<PlanInputs> = fc.record({
  averageMonthlyTurnover: kurus,
  estimatedStockPurchase: kurus,
  estimatedSalesTurnover: kurus,
  durationWeeks: fc.constantFrom(...durationsWeeks),
  paymentStartWeek: fc.constantFrom(...paymentStartWeeks),
});

/** Inputs built around the bounds, so the in-bounds side is exercised as often as the other. */
const nearBounds: fc.Arbitrary<PlanInputs> = fc
  .record({
    averageMonthlyTurnover: fc.integer({ min: 0, max: 8_000_000_000 }),
    stockFraction: fc.double({ min: -0.1, max: 1.1, noNaN: true }),
    salesFraction: fc.double({ min: -0.1, max: 1.1, noNaN: true }),
    durationWeeks: fc.constantFrom(...durationsWeeks),
    paymentStartWeek: fc.constantFrom(...paymentStartWeeks),
  })
  .map(({ averageMonthlyTurnover, stockFraction, salesFraction, durationWeeks, paymentStartWeek }) => {
    const stockBounds = planBounds(averageMonthlyTurnover, 0, durationWeeks);
    const stock = Math.max(
      0,
      Math.round(stockBounds.minStockPurchase + stockFraction * (stockBounds.maxStockPurchase - stockBounds.minStockPurchase)),
    );
    const salesBounds = planBounds(averageMonthlyTurnover, stock, durationWeeks);
    const sales = Math.max(
      0,
      Math.round(salesBounds.minSalesTurnover + salesFraction * (salesBounds.maxSalesTurnover - salesBounds.minSalesTurnover)),
    );
    return { averageMonthlyTurnover, estimatedStockPurchase: stock, estimatedSalesTurnover: sales, durationWeeks, paymentStartWeek };
  });

/** round(stock × rate) with exact integer arithmetic, halves rounded up (Math.round's rule for positives). */
function exactProviderShare(stock: number, bps: number): number {
  return Number((BigInt(stock) * BigInt(bps) * 2n + 10_000n) / 20_000n);
}

describe('plan properties', () => {
  it('the schedule sums exactly to the total payment, one installment per week from the start week', () => {
    fc.assert(
      fc.property(inputs, (plan) => {
        const figures = calculatePlan(plan);
        expect(figures.schedule.reduce((sum, item) => sum + item.amount, 0)).toBe(figures.totalPayment);
        expect(figures.schedule).toHaveLength(plan.durationWeeks);
        expect(figures.installmentCount).toBe(plan.durationWeeks);
        figures.schedule.forEach((item, index) => {
          expect(item.week).toBe(plan.paymentStartWeek + index);
          expect(Number.isInteger(item.amount)).toBe(true);
        });
        // Every installment but the last is the floor; the last takes a remainder smaller than the count.
        expect(figures.schedule.slice(0, -1).every((item) => item.amount === figures.installmentAmount)).toBe(true);
        const last = figures.schedule.at(-1)!.amount;
        expect(last - figures.installmentAmount).toBeGreaterThanOrEqual(0);
        expect(last - figures.installmentAmount).toBeLessThan(figures.installmentCount);
      }),
    );
  });

  it('stock purchase + provider share + your share = estimated sales turnover', () => {
    fc.assert(
      fc.property(inputs, (plan) => {
        const figures = calculatePlan(plan);
        expect(plan.estimatedStockPurchase + figures.providerShare + figures.yourShare).toBe(plan.estimatedSalesTurnover);
        expect(figures.totalPayment).toBe(plan.estimatedStockPurchase + figures.providerShare);
      }),
    );
  });

  it('provider share = round(stock purchase × rate), in whole kuruş', () => {
    fc.assert(
      fc.property(inputs, (plan) => {
        const figures = calculatePlan(plan);
        expect(figures.providerShareRateBps).toBe(providerShareRateBps[plan.durationWeeks]);
        expect(figures.providerShare).toBe(exactProviderShare(plan.estimatedStockPurchase, figures.providerShareRateBps));
      }),
    );
  });

  it('the bounds helper agrees with the violations, field by field', () => {
    fc.assert(
      fc.property(fc.oneof(inputs, nearBounds), (plan) => {
        const violations = planViolations(plan);
        expect(isPlanWithinBounds(plan)).toBe(Object.keys(violations).length === 0);
        const bounds = planBounds(plan.averageMonthlyTurnover, plan.estimatedStockPurchase, plan.durationWeeks);
        const stockOk = plan.estimatedStockPurchase >= bounds.minStockPurchase && plan.estimatedStockPurchase <= bounds.maxStockPurchase;
        const salesOk = plan.estimatedSalesTurnover >= bounds.minSalesTurnover && plan.estimatedSalesTurnover <= bounds.maxSalesTurnover;
        expect(violations.estimated_sales_turnover === undefined).toBe(salesOk);
        expect(violations.estimated_stock_purchase_amount === undefined && violations.average_monthly_turnover === undefined).toBe(stockOk);
        const reported = violations.estimated_sales_turnover;
        if (reported && reported.key === 'sales_turnover_bounds') {
          expect([reported.min, reported.max]).toEqual([bounds.minSalesTurnover, bounds.maxSalesTurnover]);
        }
      }),
    );
  });

  it('a plan within bounds never leaves the seller a negative share', () => {
    fc.assert(
      fc.property(nearBounds, (plan) => {
        fc.pre(isPlanWithinBounds(plan));
        expect(calculatePlan(plan).yourShare).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
