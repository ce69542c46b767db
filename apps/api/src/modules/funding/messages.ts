/**
 * A warning's evidence as one line for the experts' e-mail, in the expert's language: amounts the
 * Turkish way in both languages, as the back-office screens write them, and days the way that
 * language writes them (the same helpers as the repayment e-mails).
 */
import type { WarningEvidence } from '@worq/domain/funding-watch';
import type { Language } from '@worq/domain/language';
import { formatTry } from '@worq/domain/plan';
import { formatDay } from '../notifications/public.ts';

const percent = (rate: number, language: Language) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'tr-TR', { style: 'percent', maximumFractionDigits: 1 }).format(rate);

export function warningLine(evidence: WarningEvidence, language: Language): string {
  const en = language === 'en';
  switch (evidence.code) {
    case 'installment_late': {
      const parts = evidence.installments.map((late) =>
        en
          ? `installment ${late.number} (due ${formatDay(late.due_date, language)}, ${formatTry(late.open)} open, ${late.days_late} days late)`
          : `${late.number}. taksit (vadesi ${formatDay(late.due_date, language)}, ${formatTry(late.open)} açık, ${late.days_late} gün gecikmede)`,
      );
      return en ? `Late installment: ${parts.join('; ')}` : `Geciken taksit: ${parts.join('; ')}`;
    }
    case 'store_stale': {
      if (evidence.stores.length === 0) return en ? 'No store is connected any more' : 'Bağlı mağaza kalmadı';
      const parts = evidence.stores.map((store) =>
        en ? `${store.store_name} (${store.days} days)` : `${store.store_name} (${store.days} gün)`,
      );
      return en
        ? `Store not synced for 3 days or more: ${parts.join(', ')}`
        : `3 gün veya daha uzun süredir güncellenmeyen mağaza: ${parts.join(', ')}`;
    }
    case 'no_orders':
      return en ? `No orders for ${evidence.days} days` : `${evidence.days} gündür sipariş yok`;
    case 'sales_below_forecast': {
      const parts = evidence.weeks.map((week) =>
        en
          ? `week ${week.week}: ${formatTry(week.sales)} under ${formatTry(week.low)}`
          : `${week.week}. hafta: ${formatTry(week.sales)}, alt sınır ${formatTry(week.low)}`,
      );
      return en
        ? `Sales under the forecast's low end two weeks in a row (${parts.join('; ')})`
        : `Satışlar iki haftadır tahminin alt sınırının altında (${parts.join('; ')})`;
    }
    case 'return_rate_doubled':
      return en
        ? `Return rate ${percent(evidence.recent_rate, language)} over the last ${evidence.window_days} days, against ${percent(evidence.rate_at_approval, language)} at approval`
        : `Son ${evidence.window_days} günde iade oranı ${percent(evidence.recent_rate, language)}, onayda ${percent(evidence.rate_at_approval, language)}`;
  }
}
