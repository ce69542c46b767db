import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import styles from './date-picker.module.css';

/** 106 years (§9): five years after the current year, then backwards (2026 → 2031 … 1926). */
export function yearOptions(now: Date = new Date()): number[] {
  const first = now.getFullYear() + 5;
  return Array.from({ length: 106 }, (_, index) => first - index);
}

/** The 12 month names in the given locale ('tr' → Ocak … Aralık). */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

interface DateParts {
  day: number | null;
  /** 1 to 12 */
  month: number | null;
  year: number | null;
}

const emptyParts: DateParts = { day: null, month: null, year: null };
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIso(value: string | undefined): DateParts | null {
  const match = value ? isoDate.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { day, month, year };
}

function toIso({ day, month, year }: DateParts): string {
  if (day === null || month === null || year === null) return '';
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Until a year is chosen, a leap year keeps 29 February selectable.
const anyLeapYear = 2000;

export interface DatePickerProps {
  label: string;
  /** 'YYYY-MM-DD', or '' while no complete date is chosen. */
  value: string;
  /** Called with the complete ISO date, or '' when a part was cleared. */
  onChange: (value: string) => void;
  error?: string;
  /** Earliest / latest allowed date, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** The clock that anchors the year list; for tests and stories. */
  now?: Date;
}

/** Day, month and year selects: native controls, so keyboard and screen readers work as usual. */
export function DatePicker({ label, value, onChange, error, min, max, name, required = false, disabled = false, now }: DatePickerProps) {
  const { t, i18n } = useTranslation('feedback');
  const id = useId();
  const errorId = `${id}-error`;
  const [parts, setParts] = useState<DateParts>(() => parseIso(value) ?? emptyParts);
  const [syncedValue, setSyncedValue] = useState(value);

  // The parent may set the value (initial data, form reset); a partly chosen date that the parent
  // still sees as '' is kept.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== toIso(parts)) setParts(parseIso(value) ?? emptyParts);
  }

  const minDate = min ?? '';
  const maxDate = max ?? '';
  const minParts = parseIso(min);
  const maxParts = parseIso(max);
  const years = yearOptions(now).filter((year) => (!minParts?.year || year >= minParts.year) && (!maxParts?.year || year <= maxParts.year));
  const months = monthNames(i18n.language || 'tr');
  const dayCount = parts.month === null ? 31 : daysInMonth(parts.year ?? anyLeapYear, parts.month);

  function outOfRange(iso: string) {
    return (minDate !== '' && iso < minDate) || (maxDate !== '' && iso > maxDate);
  }

  function monthOutOfRange(month: number) {
    if (parts.year === null) return false;
    const first = toIso({ year: parts.year, month, day: 1 });
    const last = toIso({ year: parts.year, month, day: daysInMonth(parts.year, month) });
    return (maxDate !== '' && first > maxDate) || (minDate !== '' && last < minDate);
  }

  function update(field: keyof DateParts) {
    return (event: ChangeEvent<HTMLSelectElement>) => {
      const picked = event.target.value === '' ? null : Number(event.target.value);
      let next: DateParts = { ...parts, [field]: picked };
      // 31 January becomes 28/29 February instead of an impossible date.
      if (next.day !== null && next.month !== null) {
        next = { ...next, day: Math.min(next.day, daysInMonth(next.year ?? anyLeapYear, next.month)) };
      }
      let iso = toIso(next);
      if (iso !== '' && minDate !== '' && iso < minDate && minParts) next = minParts;
      if (iso !== '' && maxDate !== '' && iso > maxDate && maxParts) next = maxParts;
      iso = toIso(next);
      setParts(next);
      setSyncedValue(iso);
      if (iso !== value) onChange(iso);
    };
  }

  const describedBy = error ? errorId : undefined;
  const common = {
    disabled,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: styles.select,
  } as const;

  return (
    <fieldset className={styles.field} aria-describedby={describedBy} disabled={disabled}>
      <legend className={styles.legend}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className={styles.row}>
        <div className={styles.part}>
          <label htmlFor={`${id}-day`} className="visually-hidden">
            {t('date_picker.day')}
          </label>
          <select id={`${id}-day`} value={parts.day ?? ''} onChange={update('day')} {...common}>
            <option value="">{t('date_picker.day')}</option>
            {Array.from({ length: dayCount }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day} disabled={parts.month !== null && parts.year !== null && outOfRange(toIso({ ...parts, day }))}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.part}>
          <label htmlFor={`${id}-month`} className="visually-hidden">
            {t('date_picker.month')}
          </label>
          <select id={`${id}-month`} value={parts.month ?? ''} onChange={update('month')} {...common}>
            <option value="">{t('date_picker.month')}</option>
            {months.map((monthName, index) => (
              <option key={monthName} value={index + 1} disabled={monthOutOfRange(index + 1)}>
                {monthName}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.part}>
          <label htmlFor={`${id}-year`} className="visually-hidden">
            {t('date_picker.year')}
          </label>
          <select id={`${id}-year`} value={parts.year ?? ''} onChange={update('year')} {...common}>
            <option value="">{t('date_picker.year')}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      {name && <input type="hidden" name={name} value={toIso(parts)} />}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
