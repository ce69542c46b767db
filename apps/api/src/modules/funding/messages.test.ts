import { describe, expect, it } from 'vitest';
import type { WarningEvidence } from '@worq/domain/funding-watch';
import { warningLine } from './messages.ts';

describe("the experts' warning lines", () => {
  const late: WarningEvidence = {
    code: 'installment_late',
    installments: [{ number: 3, due_date: '2026-03-22', open: 8_000_000, days_late: 4 }],
  };
  const belowForecast: WarningEvidence = {
    code: 'sales_below_forecast',
    weeks: [{ week: 2, from: '2026-03-09', to: '2026-03-15', sales: 12_345_650, low: 15_000_000 }],
  };

  it('writes amounts the Turkish way in English too, as the back-office screens do; days the English way', () => {
    expect(warningLine(late, 'en')).toBe('Late installment: installment 3 (due 22/03/2026, ₺80.000,00 open, 4 days late)');
    expect(warningLine(belowForecast, 'en')).toBe(
      "Sales under the forecast's low end two weeks in a row (week 2: ₺123.456,50 under ₺150.000,00)",
    );
  });

  it('writes the same amounts in Turkish', () => {
    expect(warningLine(late, 'tr')).toBe('Geciken taksit: 3. taksit (vadesi 22.03.2026, ₺80.000,00 açık, 4 gün gecikmede)');
    expect(warningLine(belowForecast, 'tr')).toContain('2. hafta: ₺123.456,50, alt sınır ₺150.000,00');
  });
});
