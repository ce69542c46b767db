import { render, waitFor } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import type * as Recharts from 'recharts';
import i18n from '../../../../lib/i18n.ts';
import { InsightChart } from '../insight-chart.tsx';

// jsdom lays nothing out, so the chart gets a fixed size instead of measuring its box.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 640, height: 240 }),
  };
});

const series = [
  { date: '2026-11-22', revenue: 20_000_00, orders: 4 },
  { date: '2026-11-23', revenue: 80_000_00, orders: 16 },
  { date: '2026-11-24', revenue: 45_500_00, orders: 9 },
];

function axisTicks(): string[] {
  return [...document.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
    (tick) => tick.textContent ?? '',
  );
}

describe('revenue chart', () => {
  it.each([
    ['tr', '₺80\u00a0B'],
    ['en', '₺80.000'],
  ] as const)('writes the amount axis in short lira (%s), never a bare 80000', async (language, top) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['insight']);
    render(<InsightChart series={series} />);
    await waitFor(() => expect(axisTicks().length).toBeGreaterThan(1));
    const ticks = axisTicks();
    expect(ticks).toContain(top);
    expect(ticks.every((tick) => tick.startsWith('₺'))).toBe(true);
    expect(ticks.some((tick) => /\d{4,}/.test(tick))).toBe(false);
  });
});
