import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes, serve, Where } from '../../../../test/http-test-kit.tsx';
import { trendyolStoreLookup } from '../../../../test/wire-fixtures.ts';
import { Component as StoreAddressPage } from '../store-address-page.tsx';

const stepPath = '/worq-insight/onboarding/store-address';

function renderStep() {
  return renderRoutes(
    [
      { path: stepPath, element: <StoreAddressPage /> },
      { path: '/worq-insight/onboarding/integration', element: <Where /> },
      { path: '/worq-insight', element: <Where /> },
    ],
    stepPath,
  ).router;
}

async function at(language: 'tr' | 'en') {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['insight', 'auth', 'feedback']);
}

afterAll(async () => {
  await i18n.changeLanguage('tr');
});

describe('WorqInsight store address step', () => {
  it.each([
    ['tr', 'Devam', 'Mağaza adresi boş bırakılamaz.'],
    ['en', 'Continue', 'Store address cannot be empty.'],
  ] as const)('says an empty address cannot be empty in the specification words (%s)', async (language, button, message) => {
    await at(language);
    const calls = serve({});
    renderStep();
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('warns before leaving with an address typed in, and stays when asked', async () => {
    await at('tr');
    serve({});
    const router = renderStep();
    await userEvent.type(await screen.findByRole('textbox', { name: /Mağaza adresi/ }), 'https://www.trendyol.com/magaza/ayse');
    void router.navigate('/worq-insight');
    const dialog = await screen.findByRole('dialog', { name: 'Sayfadan ayrılmak istiyor musunuz?' });
    expect(dialog).toHaveTextContent('Girdiğiniz bilgiler kaydedilmedi ve ayrılırsanız kaybolacak.');
    await userEvent.click(screen.getByRole('button', { name: 'Sayfada kal' }));
    expect(router.state.location.pathname).toBe(stepPath);
    expect(screen.getByRole('textbox', { name: /Mağaza adresi/ })).toHaveValue('https://www.trendyol.com/magaza/ayse');
  });

  it('moves on to the integration step without a warning once the address is recognised', async () => {
    await at('tr');
    serve({
      'POST /insight/store_lookup': {
        status: 200,
        data: trendyolStoreLookup,
      },
    });
    renderStep();
    await userEvent.type(await screen.findByRole('textbox', { name: /Mağaza adresi/ }), trendyolStoreLookup.store_link);
    await userEvent.click(screen.getByRole('button', { name: 'Devam' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/worq-insight/onboarding/integration');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets the seller choose the marketplace by hand without a warning, leaving the typed address behind', async () => {
    await at('tr');
    sessionStorage.setItem('worq.insight.onboarding', JSON.stringify({ marketplaceCode: 'n11' }));
    serve({});
    renderStep();
    await userEvent.type(await screen.findByRole('textbox', { name: /Mağaza adresi/ }), 'www.ornek.com');
    await userEvent.click(screen.getByRole('link', { name: 'Pazaryerini kendim seçeceğim' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/worq-insight/onboarding/integration');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('worq.insight.onboarding')).toBeNull();
  });
});
