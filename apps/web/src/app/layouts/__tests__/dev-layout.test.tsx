import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { resetRuntimeSettings, type RuntimeSettings } from '../../../lib/runtime-settings.ts';
import { Component as DevLayout, type DevRouteHandle } from '../dev-layout.tsx';

const development: RuntimeSettings = {
  environment: 'development',
  amplitude_api_key: null,
  amplitude_server_url: null,
  google_client_id: null,
  contact_chat_url: null,
  outbox_enabled: true,
  marketplace_sandbox: true,
};

function renderDev(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dev',
        element: <DevLayout />,
        children: [
          { path: 'ui', element: <p>Galeri içeriği</p> },
          { path: 'outbox', handle: { requiresOutbox: true } satisfies DevRouteHandle, element: <p>Giden kutusu içeriği</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui', 'dev', 'feedback']);
  await i18n.changeLanguage('tr');
});

afterEach(() => {
  cleanup();
  resetRuntimeSettings();
});

describe('development tools', () => {
  it('shows the gallery and the outbox outside production', () => {
    resetRuntimeSettings(development);
    renderDev('/dev/ui');
    expect(screen.getByText('Galeri içeriği')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Giden kutusu' })).toHaveAttribute('href', '/dev/outbox');
  });

  it('answers not found in production', () => {
    resetRuntimeSettings({ ...development, environment: 'production', outbox_enabled: false });
    renderDev('/dev/ui');
    expect(screen.queryByText('Galeri içeriği')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('feedback:not_found.home') })).toBeInTheDocument();
  });

  it('answers not found for the outbox when the outbox transport is off', () => {
    resetRuntimeSettings({ ...development, outbox_enabled: false });
    renderDev('/dev/outbox');
    expect(screen.queryByText('Giden kutusu içeriği')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('feedback:not_found.home') })).toBeInTheDocument();
  });

  it('keeps the gallery when only the outbox is off', () => {
    resetRuntimeSettings({ ...development, outbox_enabled: false });
    renderDev('/dev/ui');
    expect(screen.getByText('Galeri içeriği')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Giden kutusu' })).not.toBeInTheDocument();
  });
});
