import { formatLira } from '../../../../lib/format.ts';
import { formatLiraInput, kurusToLiraInput, parseLiraInput } from '../money.ts';
import { compareDurations, planBoundsFor, rateToBps, salesSourceOf, suggestedStockFor } from '../plan-model.ts';
import { parameters } from './plan-test-kit.tsx';

describe('lira input', () => {
  it('groups digits with dots and keeps at most two decimals after a comma', () => {
    expect(formatLiraInput('1250000')).toBe('1.250.000');
    expect(formatLiraInput('1.250.0001')).toBe('12.500.001');
    expect(formatLiraInput('12,')).toBe('12,');
    expect(formatLiraInput('12,345')).toBe('12,34');
    expect(formatLiraInput('00012a3')).toBe('123');
    expect(formatLiraInput(',5')).toBe('0,5');
    expect(formatLiraInput('')).toBe('');
  });

  it('reads typed lira as kuruş and writes kuruş back', () => {
    expect(parseLiraInput('1.250.000,5')).toBe(125_000_050);
    expect(parseLiraInput('80.000')).toBe(8_000_000);
    expect(parseLiraInput('')).toBeNull();
    expect(parseLiraInput('12,3,4')).toBeNull();
    expect(kurusToLiraInput(125_000_050)).toBe('1.250.000,50');
    expect(kurusToLiraInput(8_000_000)).toBe('80.000');
    expect(formatLira(123_456)).toBe('₺1.234,56');
  });
});

describe('plan parameters', () => {
  it('reads a rate given as a fraction, a percentage or basis points', () => {
    expect(rateToBps(0.08)).toBe(800);
    expect(rateToBps(12)).toBe(1200);
    expect(rateToBps(1600)).toBe(1600);
  });

  it('bounds the stock by the server minimum and twice the turnover, the sales by total payment and five times the stock', () => {
    expect(planBoundsFor(parameters, 100_000_00, 80_000_00, 4)).toEqual({
      minStockPurchase: 10_000_00,
      maxStockPurchase: 200_000_00,
      minSalesTurnover: 86_400_00,
      maxSalesTurnover: 400_000_00,
    });
    expect(planBoundsFor(parameters, 9_000_000_00, 1_000_00, 8).maxStockPurchase).toBe(10_000_000_00);
  });

  it('suggests 80 % of the turnover in whole lira, never under the minimum', () => {
    expect(suggestedStockFor(parameters, 123_456_00)).toBe(98_764_00);
    expect(suggestedStockFor(parameters, 5_000_00)).toBe(10_000_00);
  });

  it('compares every offered duration under 70, 100 and 130 % sales', () => {
    const comparisons = compareDurations(parameters, {
      averageMonthlyTurnover: 100_000_00,
      estimatedStockPurchase: 80_000_00,
      estimatedSalesTurnover: 150_000_00,
      durationWeeks: 4,
      paymentStartWeek: 1,
    });
    expect(comparisons.map((comparison) => comparison.durationWeeks)).toEqual([4, 6, 8]);
    const sixWeeks = comparisons[1]!;
    expect(sixWeeks.figures.providerShare).toBe(9_600_00);
    expect(sixWeeks.scenarios.map((scenario) => [scenario.percent, scenario.salesTurnover, scenario.yourShare])).toEqual([
      [70, 105_000_00, 15_400_00],
      [100, 150_000_00, 60_400_00],
      [130, 195_000_00, 105_400_00],
    ]);
    expect(sixWeeks.scenarios[1]!.effectiveCost).toBeCloseTo(0.064);
  });

  it('names where the sales come from: the forecast scenario they equal for the duration, else the seller', () => {
    const forecast = [{ duration_weeks: 4, slow: 80_000_00, expected: 80_000_00, fast: 120_000_00 }];
    // A tie names the expected scenario.
    expect(salesSourceOf(forecast, 4, 80_000_00)).toBe('forecast_expected');
    expect(salesSourceOf(forecast, 4, 120_000_00)).toBe('forecast_fast');
    expect(salesSourceOf(forecast, 6, 120_000_00)).toBe('own');
    expect(salesSourceOf(forecast, 4, 99_000_00)).toBe('own');
    expect(salesSourceOf(undefined, 4, 80_000_00)).toBe('own');
    expect(salesSourceOf(forecast, 4, null)).toBe('own');
  });
});
