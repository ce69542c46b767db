import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { useLeaveWarning } from '../use-leave-warning.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('tr');
});

function ProfileForm({ initiallyDirty }: { initiallyDirty: boolean }) {
  const [dirty, setDirty] = useState(initiallyDirty);
  const leaveDialog = useLeaveWarning(dirty);
  return (
    <>
      <h1>Form</h1>
      <label>
        Ad
        <input onChange={() => setDirty(true)} />
      </label>
      <Link to="/other">Başka sayfa</Link>
      <Link to="?tab=2">Aynı sayfa</Link>
      {leaveDialog}
    </>
  );
}

function renderForm(initiallyDirty = false) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <ProfileForm initiallyDirty={initiallyDirty} /> },
      { path: '/other', element: <h1>Diğer</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const dialogTitle = 'Sayfadan ayrılmak istiyor musunuz?';

describe('useLeaveWarning', () => {
  it('holds navigation while the form is dirty and proceeds on confirm', async () => {
    const router = renderForm();
    fireEvent.change(screen.getByLabelText('Ad'), { target: { value: 'Ayşe' } });
    fireEvent.click(screen.getByRole('link', { name: 'Başka sayfa' }));

    const dialog = await screen.findByRole('dialog', { name: dialogTitle });
    expect(dialog).toHaveTextContent('Girdiğiniz bilgiler kaydedilmedi ve ayrılırsanız kaybolacak.');
    expect(router.state.location.pathname).toBe('/form');

    fireEvent.click(screen.getByRole('button', { name: 'Ayrıl' }));
    expect(await screen.findByRole('heading', { name: 'Diğer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('stays on the page when the user cancels', async () => {
    const router = renderForm(true);
    fireEvent.click(screen.getByRole('link', { name: 'Başka sayfa' }));
    await screen.findByRole('dialog', { name: dialogTitle });

    fireEvent.click(screen.getByRole('button', { name: 'Sayfada kal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByRole('heading', { name: 'Form' })).toBeInTheDocument();
  });

  it('does not hold navigation when the form is clean', async () => {
    const router = renderForm(false);
    fireEvent.click(screen.getByRole('link', { name: 'Başka sayfa' }));
    expect(await screen.findByRole('heading', { name: 'Diğer' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('lets query changes on the same page through', async () => {
    const router = renderForm(true);
    fireEvent.click(screen.getByRole('link', { name: 'Aynı sayfa' }));
    await screen.findByRole('heading', { name: 'Form' });
    expect(router.state.location.search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while dirty', () => {
    renderForm(false);
    const cleanEvent = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(cleanEvent);
    expect(cleanEvent.defaultPrevented).toBe(false);

    fireEvent.change(screen.getByLabelText('Ad'), { target: { value: 'Ayşe' } });
    const dirtyEvent = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyEvent);
    expect(dirtyEvent.defaultPrevented).toBe(true);
  });
});
