import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runtimeSettings } from '../../../lib/__tests__/runtime-settings-fixtures.ts';
import i18n from '../../../lib/i18n.ts';
import { getAnalyticsConsent } from '../../../lib/analytics/consent.ts';
import { resetRuntimeSettings } from '../../../lib/runtime-settings.ts';
import { ConsentGate } from '../consent-gate.tsx';

const settings = runtimeSettings({ amplitude_api_key: 'key-1' });

beforeAll(async () => {
  await i18n.loadNamespaces(['consent']);
});

beforeEach(() => {
  resetRuntimeSettings(settings);
});

/**
 * The banner's code loads lazily, so a gate that wrongly asks shows nothing for a while. Seeing the
 * banner once for a visitor who has not answered proves its code is in; after that a gate that asks
 * shows it in the same render, and its absence right after render means something.
 */
async function bannerCodeLoaded() {
  const { unmount } = render(<ConsentGate />);
  await screen.findByRole('region', { name: 'Çerez tercihiniz' });
  unmount();
}

describe('consent banner', () => {
  it('asks a visitor who has not answered, and accepting records the choice and closes it', async () => {
    const user = userEvent.setup();
    render(<ConsentGate />);
    const banner = await screen.findByRole('region', { name: 'Çerez tercihiniz' });
    expect(banner).toHaveTextContent('analiz çerezleri');
    await user.click(screen.getByRole('button', { name: 'Kabul et' }));
    expect(getAnalyticsConsent()).toBe('granted');
    expect(screen.queryByRole('region', { name: 'Çerez tercihiniz' })).not.toBeInTheDocument();
  });

  it('records a refusal just as easily', async () => {
    const user = userEvent.setup();
    render(<ConsentGate />);
    await user.click(await screen.findByRole('button', { name: 'Reddet' }));
    expect(getAnalyticsConsent()).toBe('denied');
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  });

  it('does not ask again once answered', async () => {
    await bannerCodeLoaded();
    localStorage.setItem('analyticsConsent', 'denied');
    render(<ConsentGate />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('does not ask where there is no analytics service', async () => {
    await bannerCodeLoaded();
    resetRuntimeSettings({ ...settings, amplitude_api_key: null });
    render(<ConsentGate />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('speaks English in English', async () => {
    await i18n.changeLanguage('en');
    try {
      render(<ConsentGate />);
      expect(await screen.findByRole('region', { name: 'Your cookie choice' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('tr');
    }
  });
});
