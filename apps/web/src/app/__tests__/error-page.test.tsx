import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, data, Link, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '../../lib/i18n.ts';
import { RouteErrorPage } from '../error-page.tsx';
import { Component as NotFoundPage } from '../not-found-page.tsx';

// React and React Router log every caught error; here those errors are the point of the test.
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('tr');
});

afterAll(() => {
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

function renderRoutes(initialEntries: string[]) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/', element: <h1>Giriş</h1> },
          { path: '/home', element: <Link to="/broken">to broken</Link> },
          { path: '/lazy', lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')) },
          {
            path: '/missing',
            loader: () => {
              throw data('Kayıt yok', { status: 404, statusText: 'Not Found' });
            },
            element: <p>never</p>,
          },
          {
            path: '/broken',
            Component: () => {
              throw new Error('render exploded');
            },
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
    { initialEntries },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteErrorPage', () => {
  it('shows the generic page with the message and stack of a thrown error', async () => {
    renderRoutes(['/broken']);
    expect(await screen.findByRole('heading', { name: 'Üzgünüz, bir şeyler ters gitti' })).toBeInTheDocument();
    expect(screen.getByText('Detay: render exploded')).toBeInTheDocument();
    expect(screen.getByText('Teknik ayrıntılar')).toBeInTheDocument();
  });

  it('shows the same page when a lazy screen fails to load', async () => {
    renderRoutes(['/lazy']);
    expect(await screen.findByRole('heading', { name: 'Üzgünüz, bir şeyler ters gitti' })).toBeInTheDocument();
    expect(screen.getByText(/^Detay: Failed to fetch dynamically imported module/)).toBeInTheDocument();
  });

  it('shows the status text of a route error response', async () => {
    renderRoutes(['/missing']);
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByText('Detay: Kayıt yok')).toBeInTheDocument();
  });

  it('goes back one history entry with Geri Dön', async () => {
    const router = renderRoutes(['/home']);
    fireEvent.click(await screen.findByRole('link', { name: 'to broken' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Geri Dön' }));
    expect(await screen.findByRole('link', { name: 'to broken' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('goes to / with Geri Dön when the broken page was opened directly (no entry to go back to)', async () => {
    const router = renderRoutes(['/broken']);
    fireEvent.click(await screen.findByRole('button', { name: 'Geri Dön' }));
    expect(await screen.findByRole('heading', { name: 'Giriş' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('not-found page', () => {
  it('offers a way home', async () => {
    const router = renderRoutes(['/nowhere']);
    expect(await screen.findByRole('heading', { name: 'Sayfa bulunamadı' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Ana sayfaya dön' }));
    expect(await screen.findByRole('heading', { name: 'Giriş' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
