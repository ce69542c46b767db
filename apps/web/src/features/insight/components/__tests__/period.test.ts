import { describe, expect, it } from 'vitest';
import { formatDay, formatLira } from '../../../../lib/format.ts';
import { bucketSeries, changeOf, figureLira, istanbulToday, rangeOf } from '../../period.ts';
import { seriesCsv } from '../../series-csv.ts';

describe('insight periods', () => {
  it('counts Istanbul days whatever the browser zone: 22:30 UTC is already the next day', () => {
    expect(istanbulToday(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-24');
    expect(rangeOf('7d', new Date('2026-11-23T22:30:00Z'))).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });

  it('gives this month and last month as calendar months', () => {
    const now = new Date('2026-03-10T09:00:00Z');
    expect(rangeOf('this_month', now)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(rangeOf('last_month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('30d', now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('groups ranges longer than 90 days by week without losing a kuruş', () => {
    const series = Array.from({ length: 120 }, (_, index) => ({
      date: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
      revenue: 100 + index,
      orders: 1,
    }));
    const { by, points } = bucketSeries(series);
    expect(by).toBe('week');
    expect(points.reduce((sum, point) => sum + point.revenue, 0)).toBe(series.reduce((sum, point) => sum + point.revenue, 0));
    expect(points.length).toBeLessThan(20);
    expect(bucketSeries(series.slice(0, 30)).by).toBe('day');
  });

  it('formats money and days the Turkish way in tr and the English way in en', () => {
    // The same in both languages: the figures carry no UI language.
    expect(formatLira(123_456_00, figureLira)).toBe('₺123.456');
    expect(figureLira.language).toBeUndefined();
    expect(formatDay('2026-11-05', 'tr')).toBe('05.11.2026');
    expect(formatDay('2026-11-05', 'en')).toBe('05/11/2026');
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(5, 0)).toBeNull();
  });

  it('writes the CSV Excel opens in each language', () => {
    const series = [{ date: '2026-11-01', revenue: 123_45, orders: 3 }];
    const headers = { date: 'Tarih', revenue: 'Ciro', orders: 'Sipariş' };
    expect(seriesCsv(series, 'tr', headers)).toBe('\uFEFFTarih;Ciro;Sipariş\r\n01.11.2026;123,45;3\r\n');
    expect(seriesCsv(series, 'en', { date: 'Date', revenue: 'Revenue', orders: 'Orders' })).toBe(
      '\uFEFFDate,Revenue,Orders\r\n01/11/2026,123.45,3\r\n',
    );
  });

  it('quotes a header holding the delimiter and keeps a negative amount a number in the CSV', () => {
    const series = [{ date: '2026-11-01', revenue: -1_250, orders: 0 }];
    expect(seriesCsv(series, 'tr', { date: 'Tarih', revenue: 'Ciro; ₺', orders: '=Sipariş' })).toBe(
      '\uFEFFTarih;"Ciro; ₺";"\'=Sipariş"\r\n01.11.2026;-12,50;0\r\n',
    );
  });
});
