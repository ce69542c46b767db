import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes, serve } from '../../../../test/http-test-kit.tsx';
import type { TurnoverSuggestion } from '../../api/suggestion.ts';
import { suggestionSource, TurnoverSuggestionNote } from '../turnover-suggestion.tsx';

const suggestion: TurnoverSuggestion = {
  average_monthly_turnover: 450_000_00,
  months_used: 3,
  period: { from: '2026-08-01', to: '2026-10-31' },
  integrations: [
    { integration_id: 'a', marketplace_code: 'trendyol', store_name: 'Ayşe Butik' },
    { integration_id: 'b', marketplace_code: 'hepsiburada', store_name: 'Ayşe HB' },
  ],
  suggested_stock_purchase_amount: 360_000_00,
};

beforeAll(async () => {
  await i18n.changeLanguage('tr');
  await i18n.loadNamespaces(['worq-trade']);
});

describe('turnover suggestion', () => {
  it('names the stores and months the figure comes from', () => {
    expect(suggestionSource(suggestion, 'tr', 've')).toBe('Trendyol ve Hepsiburada, Ağu–Eki');
    expect(suggestionSource(suggestion, 'en', 'and')).toBe('Trendyol and Hepsiburada, Aug–Oct');
  });

  it('offers the synced average with one click and applies it on arrival from a tip', async () => {
    serve({ 'GET /gpp/suggestion': { status: 200, data: suggestion } });
    const used: number[] = [];
    renderRoutes([{ path: '/plan', element: <TurnoverSuggestionNote onUse={(kurus) => used.push(kurus)} /> }], '/plan?use_suggestion=1');
    expect(await screen.findByRole('note')).toHaveTextContent('Trendyol ve Hepsiburada, Ağu–Eki');
    await waitFor(() => expect(used).toEqual([450_000_00]));
    await userEvent.click(screen.getByRole('button', { name: 'Bu tutarı kullan' }));
    expect(used).toEqual([450_000_00, 450_000_00]);
  });

  it('names the stores left out as unverified sources, with or without a figure', async () => {
    const excluded_integrations = [
      { integration_id: 'c', marketplace_code: 'ideasoft', store_name: 'ayse-magaza.com', reason: 'unverified_source' as const },
    ];
    serve({ 'GET /gpp/suggestion': { status: 200, data: { ...suggestion, excluded_integrations, unverified_sources: true } } });
    const view = renderRoutes([{ path: '/plan', element: <TurnoverSuggestionNote onUse={() => {}} /> }], '/plan');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Hesaba katılmayan: ayse-magaza.com (Ideasoft) (doğrulanmamış kaynak');
    expect(note).toHaveTextContent('Trendyol ve Hepsiburada, Ağu–Eki');
    view.unmount();

    serve({
      'GET /gpp/suggestion': {
        status: 200,
        data: {
          ...suggestion,
          average_monthly_turnover: null,
          months_used: 0,
          integrations: [],
          excluded_integrations,
          unverified_sources: true,
        },
      },
    });
    renderRoutes([{ path: '/plan', element: <TurnoverSuggestionNote onUse={() => {}} /> }], '/plan');
    expect(await screen.findByRole('note')).toHaveTextContent('ayse-magaza.com (Ideasoft)');
    expect(screen.queryByRole('button', { name: 'Bu tutarı kullan' })).toBeNull();
  });

  it('says nothing when no orders are synced', async () => {
    serve({
      'GET /gpp/suggestion': {
        status: 200,
        data: { ...suggestion, average_monthly_turnover: null, months_used: 0, integrations: [], period: { from: null, to: null } },
      },
    });
    const view = renderRoutes([{ path: '/plan', element: <TurnoverSuggestionNote onUse={() => {}} /> }], '/plan');
    await waitFor(() => expect(view.container.querySelector('[role="note"]')).toBeNull());
  });
});
