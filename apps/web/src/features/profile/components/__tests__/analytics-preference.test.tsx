import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeSettings } from '../../../../lib/__tests__/runtime-settings-fixtures.ts';
import i18n from '../../../../lib/i18n.ts';
import { getAnalyticsConsent } from '../../../../lib/analytics/consent.ts';
import { resetRuntimeSettings } from '../../../../lib/runtime-settings.ts';
import { AnalyticsPreference } from '../analytics-preference.tsx';

const settings = runtimeSettings({ amplitude_api_key: 'key-1' });

beforeAll(async () => {
  await i18n.loadNamespaces(['profile']);
});

describe('analytics preference in the profile', () => {
  it('shows the banner’s choice and changes it both ways', async () => {
    resetRuntimeSettings(settings);
    localStorage.setItem('analyticsConsent', 'granted');
    const user = userEvent.setup();
    render(<AnalyticsPreference />);
    const box = screen.getByRole('checkbox', { name: 'Analiz çerezlerine ve oturum kaydına izin veriyorum' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(getAnalyticsConsent()).toBe('denied');
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(getAnalyticsConsent()).toBe('granted');
  });

  it('is unchecked while nothing was chosen, and absent without an analytics service', () => {
    resetRuntimeSettings(settings);
    const { unmount } = render(<AnalyticsPreference />);
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    unmount();
    resetRuntimeSettings({ ...settings, amplitude_api_key: null });
    render(<AnalyticsPreference />);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
