import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refusal, serve, settled } from '../../../../test/http-test-kit.tsx';
import { Component as StartPage } from '../start-page.tsx';
import { application, listUrl, renderWorqTrade, signedInWorqTradeTests } from './worq-trade-test-kit.tsx';

signedInWorqTradeTests();

describe('/worq-trade/start', () => {
  it('explains GPeT in steps and starts an application, landing on the plan step', async () => {
    const actor = userEvent.setup();
    let started = false;
    const calls = serve({
      [`GET ${listUrl}`]: () => ({ status: 200, data: started ? [application()] : [] }),
      'POST /application/start_application': () => {
        started = true;
        return { status: 201, data: application() };
      },
    });
    const router = renderWorqTrade('/worq-trade/start', { start: <StartPage /> });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    await waitFor(() => expect(calls.some((call) => call.url === listUrl)).toBe(true));
    await actor.click(screen.getByRole('button', { name: 'Başvuruya başla' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/onboarding/revenue-sharing-plan'));
    expect(calls.find((call) => call.url === '/application/start_application')?.body).toEqual({});
    expect(await screen.findByTestId('step')).toHaveTextContent('plan');
  });

  it("carries WorqInsight's choice of the offer (?use_offer=1) on to the plan step", async () => {
    const actor = userEvent.setup();
    let started = false;
    serve({
      [`GET ${listUrl}`]: () => ({ status: 200, data: started ? [application()] : [] }),
      'POST /application/start_application': () => {
        started = true;
        return { status: 201, data: application() };
      },
    });
    const router = renderWorqTrade('/worq-trade/start?use_offer=1', { start: <StartPage /> });
    await actor.click(await screen.findByRole('button', { name: 'Başvuruya başla' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/onboarding/revenue-sharing-plan'));
    expect(router.state.location.search).toBe('?use_offer=1');
  });

  it('asks before replacing an active application the server reports (409), then starts with cancel_existing', async () => {
    const actor = userEvent.setup();
    let current = [application({ id: 'old', step: 2 })];
    const calls = serve({
      // The list was empty when the page opened (another tab started one meanwhile).
      [`GET ${listUrl}`]: () => ({ status: 200, data: calls.some((call) => call.url === '/application/start_application') ? current : [] }),
      'POST /application/start_application': (body) => {
        if (!(body as { cancel_existing?: boolean }).cancel_existing)
          return refusal(409, 'active_application_exists', 'Devam eden bir başvurunuz var.');
        current = [application({ id: 'new', step: 1 }), application({ id: 'old', step: 2, is_cancelled: true })];
        return { status: 201, data: current[0] };
      },
    });
    const router = renderWorqTrade('/worq-trade/start', { start: <StartPage /> });
    await waitFor(() => expect(calls.some((call) => call.url === listUrl)).toBe(true));
    await actor.click(await screen.findByRole('button', { name: 'Başvuruya başla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni başvuruyla devam edilsin mi?' });
    expect(router.state.location.pathname).toBe('/worq-trade/start');
    await actor.click(within(dialog).getByRole('button', { name: 'Yeni başvuruyla devam et' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/onboarding/revenue-sharing-plan'));
    const starts = calls.filter((call) => call.url === '/application/start_application');
    expect(starts.map((call) => call.body)).toEqual([{}, { cancel_existing: true }]);
  });

  it('offers to continue the active application at its step instead', async () => {
    const actor = userEvent.setup();
    const calls = serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] } });
    const router = renderWorqTrade('/worq-trade/start', { start: <StartPage /> });
    // The list has reached the page, which now knows of the application under way.
    await settled(listUrl);
    await actor.click(await screen.findByRole('button', { name: 'Başvuruya başla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni başvuruyla devam edilsin mi?' });
    // The list already showed one under way: nothing was posted.
    expect(calls.some((call) => call.url === '/application/start_application')).toBe(false);
    await actor.click(within(dialog).getByRole('button', { name: 'Mevcut başvuruya devam et' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/onboarding/connect-store'));
  });
});
