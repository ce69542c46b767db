import { formatPhone } from '@worq/domain/validation';

/** Money is integer kuruş on the wire; the back-office shows lira the Turkish way in both languages. */
const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

export function formatMoney(kurus: number | null | undefined): string {
  return typeof kurus === 'number' && Number.isFinite(kurus) ? tryFormat.format(kurus / 100) : '—';
}

function localeOf(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'tr-TR';
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/** `+90 XXX XXX XXXX`, or a dash when the seller has no number yet (a Google sign-up). */
export function formatPhoneNumber(phone: string | null | undefined): string {
  return phone ? formatPhone(phone) : '—';
}

export function fullName(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  if (!person) return '';
  return `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim();
}

/** A calendar day (`YYYY-MM-DD`, an Istanbul day) as dd.MM.yyyy in Turkish and dd/MM/yyyy in English, never shifted by the browser's zone. */
export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-');
  if (!year || !month || !date) return day;
  return language.startsWith('en') ? `${date}/${month}/${year}` : `${date}.${month}.${year}`;
}
