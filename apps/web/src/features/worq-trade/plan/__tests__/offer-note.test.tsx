import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes, serve } from '../../../../test/http-test-kit.tsx';
import { offerSalesScenarios, preQualifiedOffer, refusedOffer } from '../../../../test/wire-fixtures.ts';
import type { OfferView } from '../../api/offer.ts';
import { PlanOffer, SalesScenarioNote, StartPageOffer } from '../offer-note.tsx';
import type { PlanFormFields } from '../plan-form-schema.ts';

const offer: OfferView = preQualifiedOffer({
  policy_version: '2026-11-28.1',
  raise: [
    { code: 'another_store', text: 'Başka bir mağaza bağlamak' },
    { code: 'longer_history', text: 'En az 6 aylık satış geçmişi' },
  ],
  durations: [
    { duration_weeks: 4, provider_share_rate: 0.08, provider_share: 4_960_00, total_payment: 66_960_00, installment_amount: 16_740_00 },
    { duration_weeks: 6, provider_share_rate: 0.12, provider_share: 7_440_00, total_payment: 69_440_00, installment_amount: 11_573_33 },
    { duration_weeks: 8, provider_share_rate: 0.16, provider_share: 9_920_00, total_payment: 71_920_00, installment_amount: 8_990_00 },
  ],
  sales_scenarios: offerSalesScenarios,
});

beforeAll(async () => {
  await i18n.changeLanguage('tr');
  await i18n.loadNamespaces(['worq-trade']);
});

/** The plan form's fields, shown as text so a test can read what the offer filled in. */
function PlanHarness({ durationWeeks = '8' }: { durationWeeks?: string }) {
  const { control, setValue, watch } = useForm<PlanFormFields>({
    defaultValues: {
      averageMonthlyTurnover: '',
      estimatedStockPurchase: '',
      estimatedSalesTurnover: '',
      durationWeeks,
      paymentStartWeek: '1',
    },
  });
  const values = watch();
  return (
    <>
      <PlanOffer control={control} setValue={setValue} />
      <SalesScenarioNote control={control} setValue={setValue} />
      <output data-testid="values">{`${values.averageMonthlyTurnover}|${values.estimatedStockPurchase}|${values.estimatedSalesTurnover}`}</output>
    </>
  );
}

describe('the pre-qualified offer', () => {
  it('shows on the start page as a pre-qualification with its reasons, prices and what would raise it', async () => {
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    renderRoutes([{ path: '/start', element: <StartPageOffer /> }], '/start');
    const card = await screen.findByRole('region', { name: 'Ön değerlendirme teklifi' });
    expect(card).toHaveTextContent('Şu ana kadar ₺62.000,00 tutarına kadar finansman alabilirsiniz.');
    expect(card).toHaveTextContent('eğilim %+8, iade oranı %4');
    expect(card).toHaveTextContent('8 hafta (%16): haftalık ₺8.990,00, toplam ₺71.920,00');
    expect(card).toHaveTextContent('Teklifinizi artırabilecekler: Başka bir mağaza bağlamak, En az 6 aylık satış geçmişi.');
    expect(card).toHaveTextContent('söz değildir');
    expect(screen.queryByRole('button', { name: 'Bu teklifle planı doldur' })).toBeNull();
  });

  it('shows a refusal with its reasons', async () => {
    const refused = refusedOffer({
      refusals: [{ code: 'history_too_short', text: 'Satış geçmişiniz 1 ay; ön değerlendirme için en az 3 ay gerekiyor.' }],
    });
    serve({ 'GET /gpp/offer': { status: 200, data: refused } });
    renderRoutes([{ path: '/start', element: <StartPageOffer /> }], '/start');
    const card = await screen.findByRole('region', { name: 'Ön değerlendirme teklifi' });
    expect(card).toHaveTextContent('Şu an için bir finansman ön değerlendirmesi yapamıyoruz.');
    expect(card).toHaveTextContent('en az 3 ay gerekiyor');
  });

  it('fills the plan when chosen: turnover, stock purchase and the expected sales of the duration', async () => {
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    renderRoutes([{ path: '/plan', element: <PlanHarness /> }], '/plan');
    await userEvent.click(await screen.findByRole('button', { name: 'Bu teklifle planı doldur' }));
    expect(screen.getByTestId('values')).toHaveTextContent('100.000|62.000|200.000');
    expect(screen.getByRole('button', { name: 'Beklenen: ₺200.000,00' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByText('Payınız ve efektif maliyet beklenen senaryoya göre hesaplanıyor; haftalık taksit satışa bağlı değildir.'),
    ).toBeInTheDocument();
  });

  it('fills the plan on arrival when the offer was chosen elsewhere (?use_offer=1), once', async () => {
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    renderRoutes([{ path: '/plan', element: <PlanHarness /> }], '/plan?use_offer=1');
    await waitFor(() => expect(screen.getByTestId('values')).toHaveTextContent('100.000|62.000|200.000'));
    expect(
      screen.getByText('Payınız ve efektif maliyet beklenen senaryoya göre hesaplanıyor; haftalık taksit satışa bağlı değildir.'),
    ).toBeInTheDocument();
  });

  it('leaves the plan as it is on arrival without ?use_offer=1', async () => {
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    renderRoutes([{ path: '/plan', element: <PlanHarness /> }], '/plan');
    await screen.findByRole('button', { name: 'Bu teklifle planı doldur' });
    expect(screen.getByTestId('values')).toHaveTextContent('||');
  });

  it('offers the slow and fast sales of the chosen duration and says which one the figures use', async () => {
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    renderRoutes([{ path: '/plan', element: <PlanHarness durationWeeks="4" /> }], '/plan');
    expect(
      await screen.findByText(
        'Payınız ve efektif maliyet sizin girdiğiniz satış tahminine göre hesaplanıyor; haftalık taksit satışa bağlı değildir.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yavaş: ₺80.000,00' }));
    expect(screen.getByTestId('values')).toHaveTextContent('||80.000');
    await waitFor(() =>
      expect(
        screen.getByText('Payınız ve efektif maliyet yavaş senaryoya göre hesaplanıyor; haftalık taksit satışa bağlı değildir.'),
      ).toBeInTheDocument(),
    );
  });

  it('shows nothing on the plan when the offer cannot be read', async () => {
    serve({});
    const view = renderRoutes([{ path: '/plan', element: <PlanHarness /> }], '/plan');
    await waitFor(() => expect(screen.getByTestId('values')).toBeInTheDocument());
    expect(view.container.querySelector('section')).toBeNull();
  });
});
