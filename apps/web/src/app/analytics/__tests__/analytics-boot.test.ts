import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeSettings } from '../../../lib/__tests__/runtime-settings-fixtures.ts';
import type { RuntimeSettings } from '../../../lib/runtime-settings.ts';

const wiring = vi.hoisted(() => ({ setOptOut: vi.fn(), connect: vi.fn() }));
vi.mock('../analytics-wiring.ts', () => ({
  connectAnalytics: (...args: unknown[]) => {
    wiring.connect(...args);
    return { setOptOut: wiring.setOptOut, disconnect: () => undefined };
  },
}));

const baseSettings = runtimeSettings({ amplitude_api_key: 'key-1', amplitude_server_url: 'http://collector.test/2/httpapi' });

const router = { state: {}, subscribe: () => () => undefined } as never;

// Each test boots a fresh copy (the boot runs once per page).
async function boot(settings: RuntimeSettings) {
  vi.resetModules();
  const runtime = await import('../../../lib/runtime-settings.ts');
  runtime.resetRuntimeSettings(settings);
  const consent = await import('../../../lib/analytics/consent.ts');
  const { startAnalyticsBoot } = await import('../analytics-boot.ts');
  startAnalyticsBoot(router);
  settingsRead = runtime.loadRuntimeSettings();
  return consent;
}

let settingsRead: Promise<unknown> = Promise.resolve();
/**
 * Resolves once the boot has acted on the settings: it is the boot's own settings promise, and the
 * boot's reaction was attached to it first. What the boot decides without consent is decided by then.
 */
const decided = () => settingsRead.then(() => undefined);
/** The boot's wait for an idle moment before loading the service: called only on the way to loading it. */
const idle = vi.fn((callback: () => void) => setTimeout(callback, 0));
const connected = () => vi.waitFor(() => expect(wiring.setOptOut).toHaveBeenCalled());

beforeEach(() => {
  vi.clearAllMocks();
  // Vitest's jsdom has no requestIdleCallback: the boot falls back to a timer.
  vi.stubGlobal('requestIdleCallback', idle);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startAnalyticsBoot', () => {
  it('keeps the landing campaign as utm and initialUtm before any consent and without a key, sending nothing', async () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/?utm_source=newsletter&utm_campaign=kasim');
    await boot({ ...baseSettings, amplitude_api_key: null });
    await decided();
    expect(idle).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('utm') ?? 'null')).toEqual({ utm_source: 'newsletter', utm_campaign: 'kasim' });
    expect(JSON.parse(localStorage.getItem('initialUtm') ?? 'null')).toEqual({ utm_source: 'newsletter', utm_campaign: 'kasim' });
    expect(wiring.connect).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('loads nothing without a key, even with consent', async () => {
    localStorage.setItem('analyticsConsent', 'granted');
    await boot({ ...baseSettings, amplitude_api_key: null });
    await decided();
    expect(idle).not.toHaveBeenCalled();
    expect(wiring.connect).not.toHaveBeenCalled();
  });

  it('loads nothing while the visitor has not answered, and starts once they accept', async () => {
    const consent = await boot(baseSettings);
    await decided();
    expect(idle).not.toHaveBeenCalled();
    expect(wiring.connect).not.toHaveBeenCalled();
    consent.setAnalyticsConsent('granted');
    await connected();
    expect(idle).toHaveBeenCalledTimes(1);
    expect(wiring.connect).toHaveBeenCalledTimes(1);
    expect(wiring.connect.mock.calls[0]?.[1]).toEqual({ apiKey: 'key-1', serverUrl: 'http://collector.test/2/httpapi' });
    expect(wiring.setOptOut).toHaveBeenLastCalledWith(false);
  });

  it('opts out when the visitor takes consent back, and back in when they give it again', async () => {
    localStorage.setItem('analyticsConsent', 'granted');
    const consent = await boot(baseSettings);
    await connected();
    expect(wiring.connect).toHaveBeenCalledTimes(1);
    consent.setAnalyticsConsent('denied');
    await vi.waitFor(() => expect(wiring.setOptOut).toHaveBeenLastCalledWith(true));
    consent.setAnalyticsConsent('granted');
    await vi.waitFor(() => expect(wiring.setOptOut).toHaveBeenLastCalledWith(false));
    expect(wiring.connect).toHaveBeenCalledTimes(1);
  });

  it('never loads for a visitor who refused', async () => {
    localStorage.setItem('analyticsConsent', 'denied');
    await boot(baseSettings);
    await decided();
    expect(idle).not.toHaveBeenCalled();
    expect(wiring.connect).not.toHaveBeenCalled();
  });
});
