import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { serve } from '../../../../test/http-test-kit.tsx';
import { offerSalesScenarios, preQualifiedOffer } from '../../../../test/wire-fixtures.ts';
import type { OfferView } from '../../api/offer.ts';
import { markPlanTourSeen } from '../plan-tour.tsx';
import { kurusOf, planRoutes, renderPlanPage, savedPlan } from './plan-test-kit.tsx';

/** An offer with a forecast: sales over 4, 6 and 8 weeks at the interval's low end, middle and high end. */
const forecastOffer: OfferView = preQualifiedOffer({
  subject_to_review: 'Bu bir ön değerlendirmedir, söz değildir.',
  summary: 'Son 90 günde ₺300.000,00 net satış.',
  reasons: [],
  raise: [],
  sales_scenarios: offerSalesScenarios,
});

function figure(name: string): string {
  const element = document.querySelector(`[data-figure="${name}"]`);
  if (!element) throw new Error(`no figure ${name}`);
  return element.textContent ?? '';
}

/** Enters an amount in one go (a paste): typing digit by digit is left to the formatting test. */
async function enter(actor: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await actor.clear(field);
  await actor.click(field);
  await actor.paste(text);
}

async function fillPlan(actor: ReturnType<typeof userEvent.setup>, amounts: { turnover: string; stock: string; sales: string }) {
  await enter(actor, await screen.findByLabelText(/Ortalama aylık pazaryeri cirosu/), amounts.turnover);
  await enter(actor, screen.getByLabelText(/Tahmini stok alım tutarı/), amounts.stock);
  await enter(actor, screen.getByLabelText(/Tahmini satış cirosu/), amounts.sales);
}

// A whole form with a chart re-renders on every keystroke; the shared test machine is slow.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await i18n.loadNamespaces(['worq-trade', 'ui', 'feedback']);
});
beforeEach(async () => {
  await i18n.changeLanguage('tr');
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
});

describe('revenue-sharing plan figures', () => {
  beforeEach(() => markPlanTourSeen());

  it('updates the figures as the inputs and the duration change', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await fillPlan(actor, { turnover: '100000', stock: '80000', sales: '150000' });

    expect(screen.getByLabelText(/Ortalama aylık pazaryeri cirosu/)).toHaveValue('100.000');
    expect(kurusOf(figure('stock_purchase'))).toBe(80_000_00);
    expect(kurusOf(figure('provider_share'))).toBe(6_400_00);
    expect(kurusOf(figure('total_payment'))).toBe(86_400_00);
    expect(kurusOf(figure('your_share'))).toBe(63_600_00);
    expect(figure('installments')).toContain('4 ×');
    expect(figure('installments')).toContain('21.600,00');

    await actor.click(screen.getByRole('radio', { name: /8 hafta/ }));
    expect(kurusOf(figure('provider_share'))).toBe(12_800_00);
    expect(kurusOf(figure('total_payment'))).toBe(92_800_00);
    expect(figure('installments')).toContain('8 ×');

    await enter(actor, screen.getByLabelText(/Tahmini stok alım tutarı/), '50000');
    expect(kurusOf(figure('provider_share'))).toBe(8_000_00);
  });

  it('groups the amount the Turkish way as the seller types', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    const turnover = await screen.findByLabelText(/Ortalama aylık pazaryeri cirosu/);
    await actor.type(turnover, '1250000,5x');
    expect(turnover).toHaveValue('1.250.000,5');
  });

  it('shows each duration with the rate the server gives', async () => {
    serve(planRoutes());
    renderPlanPage();
    expect(await screen.findByRole('radio', { name: /4 hafta.*%8/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /6 hafta.*%12/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /8 hafta.*%16/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1. hafta' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3. hafta' })).toBeInTheDocument();
  });

  it('fills 80 % of the turnover with the suggestion button', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    const suggestion = await screen.findByRole('button', { name: /Önerilen tutarı kullan/ });
    expect(suggestion).toBeDisabled();
    await enter(actor, screen.getByLabelText(/Ortalama aylık pazaryeri cirosu/), '123456');
    await actor.click(screen.getByRole('button', { name: /Önerilen tutarı kullan \(₺98\.764,00\)/ }));
    expect(screen.getByLabelText(/Tahmini stok alım tutarı/)).toHaveValue('98.764');
    expect(screen.getByText(/aylık cirolarının yaklaşık %80'i/)).toBeInTheDocument();
  });

  it('explains a stock purchase outside its bounds with the TRY bounds, in Turkish and English', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await enter(actor, await screen.findByLabelText(/Ortalama aylık pazaryeri cirosu/), '100000');
    await enter(actor, screen.getByLabelText(/Tahmini stok alım tutarı/), '5000');
    await actor.tab();
    expect(await screen.findByText('Tahmini ürün tutarı ₺10.000,00-₺200.000,00 arasında olmalıdır.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Tahmini stok alım tutarı/)).toHaveAttribute('aria-invalid', 'true');

    // The bound follows the turnover: 300.000 TL allows up to 600.000 TL, so 5.000 TL is still too low.
    await enter(actor, screen.getByLabelText(/Ortalama aylık pazaryeri cirosu/), '300000');
    expect(await screen.findByText('Tahmini ürün tutarı ₺10.000,00-₺600.000,00 arasında olmalıdır.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    await actor.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Estimated amount of products should be between ₺10.000,00-₺600.000,00.')).toBeInTheDocument();
  });

  it('names the turnover when it is too low for any stock purchase', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await enter(actor, await screen.findByLabelText(/Ortalama aylık pazaryeri cirosu/), '4000');
    await actor.tab();
    expect(await screen.findByText('Başvuru için ortalama aylık ciro en az ₺5.000,00 olmalıdır.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Önerilen tutarı kullan/ })).toBeDisabled();
    expect(screen.queryByText(/Tahmini ürün tutarı/)).not.toBeInTheDocument();
  });

  it('explains a sales turnover outside its bounds', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await fillPlan(actor, { turnover: '100000', stock: '80000', sales: '500000' });
    await actor.tab();
    expect(await screen.findByText('Tahmini satış cirosu ₺86.400,00-₺400.000,00 arasında olmalıdır.')).toBeInTheDocument();
    await enter(actor, screen.getByLabelText(/Tahmini satış cirosu/), '80000');
    expect(await screen.findByText('Tahmini satış cirosu ₺86.400,00-₺400.000,00 arasında olmalıdır.')).toBeInTheDocument();
    await enter(actor, screen.getByLabelText(/Tahmini satış cirosu/), '120000');
    await waitFor(() => expect(screen.queryByText(/arasında olmalıdır/)).not.toBeInTheDocument());
  });

  it('lists a weekly schedule that adds up to the total payment, the last week taking the remainder', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await fillPlan(actor, { turnover: '20000', stock: '10001', sales: '20000' });
    await actor.click(screen.getByRole('radio', { name: /6 hafta/ }));
    await actor.click(screen.getByRole('radio', { name: '2. hafta' }));

    const table = screen.getByRole('table', { name: /Haftalık ödeme takvimi/ });
    const rows = within(table).getAllByRole('row').slice(1, -1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '2. hafta',
      '3. hafta',
      '4. hafta',
      '5. hafta',
      '6. hafta',
      '7. hafta',
    ]);
    const amounts = Array.from(table.querySelectorAll('[data-installment]')).map((cell) => kurusOf(cell.textContent ?? ''));
    const total = kurusOf(table.querySelector('[data-schedule-total]')?.textContent ?? '');
    expect(total).toBe(1_120_112);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
    expect(amounts.slice(0, 5)).toEqual([186_685, 186_685, 186_685, 186_685, 186_685]);
    expect(amounts[5]).toBe(186_687);
  });

  it("names the sales scenario behind every figure: the forecast's for each duration, or the seller's own estimate", async () => {
    serve(planRoutes(null, { 'GET /gpp/offer': { status: 200, data: forecastOffer } }));
    const actor = userEvent.setup();
    renderPlanPage();
    await actor.click(await screen.findByRole('button', { name: 'Bu teklifle planı doldur' }));
    // The schedule is drawn anew while a field is empty: read it each time.
    const schedule = () => screen.getByRole('table', { name: /Haftalık ödeme takvimi/ });
    await waitFor(() => expect(schedule()).toHaveTextContent('Kullanılan satış tahmini (tahmin: beklenen)'));

    const columns = () => within(screen.getByTestId('duration-comparison')).getAllByRole('region');
    const rowsOf = (column: HTMLElement) => Array.from(column.querySelectorAll('tbody tr'));
    const labels = (column: HTMLElement) => rowsOf(column).map((row) => row.querySelector('th')?.textContent);
    const shares = (column: HTMLElement) => rowsOf(column).map((row) => kurusOf(row.querySelectorAll('td')[0]?.textContent ?? ''));
    expect(labels(columns()[0]!)).toEqual(['Tahmin: yavaş', 'Tahmin: beklenen', 'Tahmin: hızlı']);
    // Each duration reads the forecast over its own weeks: 4 weeks 80.000 / 100.000 / 120.000 TL
    // of sales, 8 weeks 160.000 / 200.000 / 240.000, less the total payment for 62.000 TL of stock.
    expect(shares(columns()[0]!)).toEqual([80_000_00 - 66_960_00, 100_000_00 - 66_960_00, 120_000_00 - 66_960_00]);
    expect(shares(columns()[2]!)).toEqual([160_000_00 - 71_920_00, 200_000_00 - 71_920_00, 240_000_00 - 71_920_00]);

    // The seller types their own estimate: the schedule says so, and the comparison shows it beside the forecast.
    await enter(actor, screen.getByLabelText(/Tahmini satış cirosu/), '150000');
    await waitFor(() => expect(schedule()).toHaveTextContent('Kullanılan satış tahmini (kendi tahmininiz)'));
    expect(labels(columns()[0]!)).toEqual(['Tahmin: yavaş', 'Tahmin: beklenen', 'Tahmin: hızlı', 'Kendi tahmininiz']);
    expect(shares(columns()[0]!)[3]).toBe(150_000_00 - 66_960_00);

    // A forecast scenario chosen with its button is named as such.
    await actor.click(screen.getByRole('button', { name: 'Yavaş: ₺80.000,00' }));
    await waitFor(() => expect(schedule()).toHaveTextContent('Kullanılan satış tahmini (tahmin: yavaş)'));
    expect(labels(columns()[0]!)).toHaveLength(3);
  });

  it('compares the three durations under 70, 100 and 130 % sales and picks one on click', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await fillPlan(actor, { turnover: '100000', stock: '80000', sales: '150000' });

    const comparison = screen.getByTestId('duration-comparison');
    const columns = within(comparison).getAllByRole('region');
    expect(columns.map((column) => within(column).getByRole('heading').textContent)).toEqual(['4 hafta', '6 hafta', '8 hafta']);
    const fourWeeks = columns[0]!;
    // Without a forecast every scenario is a share of the seller's own estimate: the heading says so once.
    expect(within(fourWeeks).getAllByRole('columnheader')[0]).toHaveTextContent('Satış senaryosu (kendi tahmininiz)');
    const scenarioRows = Array.from(fourWeeks.querySelectorAll('tbody tr'));
    expect(scenarioRows.map((row) => row.getAttribute('data-scenario'))).toEqual(['70', '100', '130']);
    expect(scenarioRows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Yavaş satış (%70)',
      'Beklenen satış (%100)',
      'Hızlı satış (%130)',
    ]);
    // Your share: 105.000 / 150.000 / 195.000 TL of sales minus the 86.400 TL total payment.
    expect(scenarioRows.map((row) => kurusOf(row.querySelectorAll('td')[0]?.textContent ?? ''))).toEqual([
      18_600_00, 63_600_00, 108_600_00,
    ]);
    // Effective cost: the 6.400 TL provider share over each scenario's sales.
    expect(scenarioRows.map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual(['%6,1', '%4,3', '%3,3']);
    const eightWeekRows = columns[2]!.querySelectorAll('tbody tr');
    expect(kurusOf(eightWeekRows[0]?.querySelectorAll('td')[0]?.textContent ?? '')).toBe(105_000_00 - 92_800_00);

    expect(within(columns[0]!).getByRole('button', { name: '4 haftayı seç' })).toHaveAttribute('aria-pressed', 'true');
    await actor.click(within(columns[2]!).getByRole('table'));
    expect(screen.getByRole('radio', { name: /8 hafta/ })).toBeChecked();
    expect(within(columns[2]!).getByRole('button', { name: '8 haftayı seç' })).toHaveAttribute('aria-pressed', 'true');
    await actor.click(within(columns[1]!).getByRole('button', { name: '6 haftayı seç' }));
    expect(screen.getByRole('radio', { name: /6 hafta/ })).toBeChecked();
    expect(kurusOf(figure('provider_share'))).toBe(9_600_00);
  });

  it('starts from the saved plan when there is one', async () => {
    serve(planRoutes(savedPlan));
    renderPlanPage();
    expect(await screen.findByLabelText(/Ortalama aylık pazaryeri cirosu/)).toHaveValue('250.000');
    expect(screen.getByLabelText(/Tahmini stok alım tutarı/)).toHaveValue('200.000');
    expect(screen.getByLabelText(/Tahmini satış cirosu/)).toHaveValue('300.000');
    expect(screen.getByRole('radio', { name: /6 hafta/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2. hafta' })).toBeChecked();
    expect(kurusOf(figure('provider_share'))).toBe(24_000_00);
  });

  it('shows English ordinals for the start week', async () => {
    await i18n.changeLanguage('en');
    serve(planRoutes());
    renderPlanPage();
    expect(await screen.findByRole('radio', { name: '1st week' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2nd week' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3rd week' })).toBeInTheDocument();
  });
});

describe('saving the plan', () => {
  beforeEach(() => markPlanTourSeen());

  it('sends kuruş to /gpp/upsert and moves the application to step 2', async () => {
    const calls = serve(planRoutes(null, { 'POST /gpp/upsert': (body) => ({ status: 200, data: { ...savedPlan, ...(body as object) } }) }));
    const goToStep = vi.fn(async () => {});
    const actor = userEvent.setup();
    renderPlanPage(goToStep);
    await fillPlan(actor, { turnover: '100000', stock: '80000,5', sales: '150000' });
    await actor.click(screen.getByRole('radio', { name: /8 hafta/ }));
    await actor.click(screen.getByRole('radio', { name: '3. hafta' }));
    await actor.click(screen.getByRole('button', { name: 'Kaydet ve devam et' }));

    await waitFor(() => expect(goToStep).toHaveBeenCalledWith(2));
    expect(goToStep).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.url === '/gpp/upsert')?.body).toEqual({
      application_id: 'a-1',
      average_monthly_turnover: 100_000_00,
      estimated_stock_purchase_amount: 80_000_50,
      estimated_sales_turnover: 150_000_00,
      duration_weeks: 8,
      payment_start_week: 3,
    });
  });

  it('puts the server refusal on the fields it names and stays on the page', async () => {
    serve(
      planRoutes(null, {
        'POST /gpp/upsert': {
          status: 400,
          data: {
            errors: {
              code: 'validation_failed',
              message: 'Geçersiz',
              fields: { estimated_sales_turnover: 'Sunucu: satış cirosu aralık dışında.' },
            },
          },
        },
      }),
    );
    const goToStep = vi.fn(async () => {});
    const actor = userEvent.setup();
    renderPlanPage(goToStep);
    await fillPlan(actor, { turnover: '100000', stock: '80000', sales: '150000' });
    await actor.click(screen.getByRole('button', { name: 'Kaydet ve devam et' }));
    expect(await screen.findByText('Sunucu: satış cirosu aralık dışında.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Tahmini satış cirosu/)).toHaveAttribute('aria-invalid', 'true');
    expect(goToStep).not.toHaveBeenCalled();
  });

  it('does not send an empty form', async () => {
    const calls = serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    await actor.click(await screen.findByRole('button', { name: 'Kaydet ve devam et' }));
    expect(await screen.findByText('Ortalama aylık pazaryeri cirosu boş bırakılamaz.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/gpp/upsert')).toBe(false);
  });
});

describe('guided tour', () => {
  it('opens on the first visit, walks through 5 steps and does not open again', async () => {
    serve(planRoutes());
    const actor = userEvent.setup();
    const first = renderPlanPage();
    const dialog = await screen.findByRole('dialog', { name: 'Aylık ciro' });
    expect(dialog).toHaveTextContent('Adım 1 / 5');
    expect(within(dialog).getByRole('button', { name: 'Geri' })).toBeDisabled();

    const titles = ['Aylık ciro'];
    for (let step = 2; step <= 5; step += 1) {
      await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'İleri' }));
      expect(screen.getByRole('dialog')).toHaveTextContent(`Adım ${step} / 5`);
      titles.push(screen.getByRole('dialog').querySelector('h2')?.textContent ?? '');
    }
    expect(titles).toEqual(['Aylık ciro', 'Stok alım tutarı', 'Tahmini satış cirosu', 'Süre ve başlangıç haftası', 'Rakamlar ve grafik']);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-tour-step', 'figures');
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Geri' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Adım 4 / 5');
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'İleri' }));
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Bitir' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    first.unmount();
    renderPlanPage();
    await screen.findByLabelText(/Ortalama aylık pazaryeri cirosu/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('replays from "How it works" from the first step and closes on Escape', async () => {
    markPlanTourSeen();
    serve(planRoutes());
    const actor = userEvent.setup();
    renderPlanPage();
    const replay = await screen.findByRole('button', { name: 'Nasıl çalışır?' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await actor.click(replay);
    const dialog = screen.getByRole('dialog', { name: 'Aylık ciro' });
    expect(dialog).toHaveTextContent('Adım 1 / 5');
    expect(dialog).toHaveFocus();
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(replay).toHaveFocus();

    await actor.click(replay);
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turu atla' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
