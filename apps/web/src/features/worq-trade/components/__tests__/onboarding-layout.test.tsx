import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { refusal, serve } from '../../../../test/http-test-kit.tsx';
import { useOnboarding } from '../../onboarding-context.ts';
import { application, listUrl, renderWorqTrade, signedInWorqTradeTests } from './worq-trade-test-kit.tsx';

signedInWorqTradeTests();

function StepButtons() {
  const { application: current, goToStep } = useOnboarding();
  const [refused, setRefused] = useState(false);
  return (
    <div>
      <p data-testid="step">step {current.step}</p>
      <button type="button" onClick={() => void goToStep(2).catch(() => setRefused(true))}>
        go to 2
      </button>
      {refused && <p>move refused</p>}
    </div>
  );
}

describe('onboarding guard', () => {
  it('sends the seller to /worq-trade when no application is active', async () => {
    serve({
      [`GET ${listUrl}`]: { status: 200, data: [application({ status: 'in_progress' }), application({ id: 'a-0', is_leaved: true })] },
    });
    const router = renderWorqTrade('/worq-trade/onboarding/revenue-sharing-plan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade'));
    expect(screen.queryByTestId('step')).not.toBeInTheDocument();
  });

  it("redirects a URL step that differs from the application's step to the step's URL", async () => {
    serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] } });
    const router = renderWorqTrade('/worq-trade/onboarding/summary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/onboarding/connect-store'));
    expect(await screen.findByTestId('step')).toHaveTextContent('connect');
  });

  it('keeps the contact page whatever the step, without the progress indicator', async () => {
    serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ step: 1 })] } });
    const router = renderWorqTrade('/worq-trade/onboarding/contact');
    expect(await screen.findByTestId('step')).toHaveTextContent('contact');
    expect(router.state.location.pathname).toBe('/worq-trade/onboarding/contact');
    expect(screen.queryByRole('list', { name: 'Başvuru adımları' })).not.toBeInTheDocument();
  });

  it('still needs an active application on the contact page', async () => {
    serve({ [`GET ${listUrl}`]: { status: 200, data: [] } });
    const router = renderWorqTrade('/worq-trade/onboarding/contact');
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade'));
  });

  it('shows the three steps with the current one marked', async () => {
    serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] } });
    renderWorqTrade('/worq-trade/onboarding/connect-store');
    const progress = await screen.findByRole('list', { name: 'Başvuru adımları' });
    const items = within(progress).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Gelir Paylaşım Planı (tamamlandı)', '2Bağlantı Ekle', '3Başvuru Özeti']);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('moves to another step through set_step, then shows that step', async () => {
    const actor = userEvent.setup();
    let step = 1;
    const calls = serve({
      [`GET ${listUrl}`]: () => ({ status: 200, data: [application({ step: step as 1 | 2 })] }),
      'POST /application/set_step': (body) => {
        step = (body as { step: number }).step;
        return { status: 200, data: application({ step: step as 1 | 2 }) };
      },
    });
    const router = renderWorqTrade('/worq-trade/onboarding/revenue-sharing-plan', { plan: <StepButtons /> });
    await actor.click(await screen.findByRole('button', { name: 'go to 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/onboarding/connect-store'));
    expect(calls.find((call) => call.url === '/application/set_step')?.body).toEqual({ application_id: 'a-1', step: 2 });
  });

  it('stays on the step when the server refuses the move', async () => {
    const actor = userEvent.setup();
    serve({
      [`GET ${listUrl}`]: { status: 200, data: [application({ step: 1 })] },
      'POST /application/set_step': refusal(409, 'step_requirements_not_met', 'Önce planı kaydedin.'),
    });
    const router = renderWorqTrade('/worq-trade/onboarding/revenue-sharing-plan', { plan: <StepButtons /> });
    await actor.click(await screen.findByRole('button', { name: 'go to 2' }));
    await screen.findByText('move refused');
    expect(router.state.location.pathname).toBe('/worq-trade/onboarding/revenue-sharing-plan');
  });

  it('leaves the application after confirmation', async () => {
    const actor = userEvent.setup();
    let left = false;
    const calls = serve({
      [`GET ${listUrl}`]: () => ({ status: 200, data: [application({ is_leaved: left })] }),
      'POST /application/leave_application': () => {
        left = true;
        return { status: 200, data: application({ is_leaved: true }) };
      },
    });
    const router = renderWorqTrade('/worq-trade/onboarding/revenue-sharing-plan');
    await actor.click(await screen.findByRole('button', { name: 'Başvurudan ayrıl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Başvurudan ayrılmak istiyor musunuz?' });
    expect(calls.some((call) => call.url === '/application/leave_application')).toBe(false);
    await actor.click(within(dialog).getByRole('button', { name: 'Ayrıl' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade'));
    expect(calls.find((call) => call.url === '/application/leave_application')?.body).toEqual({ application_id: 'a-1' });
  });
});
