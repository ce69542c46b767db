import { formatDate, formatDateTime, formatDay, formatLira, formatPercent, istanbulDayOf } from '../format.ts';

describe('the one formatting module', () => {
  it('writes kuruş as lira in the UI language, narrow or whole when asked', () => {
    expect(formatLira(123456)).toBe('₺1.234,56');
    expect(formatLira(123456, { language: 'en', narrow: true })).toBe('₺1,234.56');
    expect(formatLira(123456, { language: 'tr', narrow: true, wholeLira: true })).toBe('₺1.235');
  });

  it('writes the Turkish way when no language is given, and a dash (or what the caller asks for) for a missing amount', () => {
    expect(formatLira(8_000_000, { narrow: true, wholeLira: true })).toBe('₺80.000');
    expect(formatLira(null)).toBe('—');
    expect(formatLira(undefined, { empty: '' })).toBe('');
    expect(formatLira(Number.NaN)).toBe('—');
    expect(formatLira(0)).toBe('₺0,00');
  });

  it('writes short amounts for chart axes, never a bare 80000', () => {
    const short = (kurus: number, language: string) => formatLira(kurus, { language, narrow: true, compact: true });
    // Intl keeps the number and its word together with a no-break space.
    expect(short(80_000_00, 'tr')).toBe('₺80\u00a0B');
    expect(short(1_250_000_00, 'tr')).toBe('₺1,3\u00a0Mn');
    expect(short(950_00, 'tr')).toBe('₺950');
    expect(short(0, 'tr')).toBe('₺0');
    expect(short(80_000_00, 'en')).toBe('₺80k');
    expect(short(1_250_000_00, 'en')).toBe('₺1.3m');
  });

  it('writes fractions as percentages the way each language does', () => {
    expect(formatPercent(0.085, 'tr')).toBe('%8,5');
    expect(formatPercent(0.085, 'en')).toBe('8.5%');
  });

  it('writes Istanbul calendar days as they are, whatever the browser zone', () => {
    expect(formatDay('2026-03-22', 'tr')).toBe('22.03.2026');
    expect(formatDay('2026-03-22', 'en')).toBe('22/03/2026');
    expect(formatDay('not a day', 'tr')).toBe('not a day');
    // 00:30 in Istanbul is still the previous day in UTC.
    expect(istanbulDayOf('2026-03-21T21:30:00.000Z')).toBe('2026-03-22');
  });

  it('stands a dash (or what the caller asks for) in for a missing or unreadable moment', () => {
    expect(formatDate(null, 'tr')).toBe('—');
    expect(formatDate('garbage', 'en', '')).toBe('');
    expect(formatDateTime(undefined, 'tr')).toBe('—');
    expect(formatDateTime('2026-11-25T11:02:00.000Z', 'tr', { istanbul: true, style: 'short' })).toBe('25.11.2026 14:02');
  });
});
