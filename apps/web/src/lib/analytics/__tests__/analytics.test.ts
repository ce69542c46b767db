import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The SDK and the replay plugin, mocked at the module edge: each call is recorded.
const sdk = vi.hoisted(() => {
  class Identify {
    readonly sets: Record<string, unknown> = {};
    readonly setOnces: Record<string, unknown> = {};
    set(name: string, value: unknown) {
      this.sets[name] = value;
      return this;
    }
    setOnce(name: string, value: unknown) {
      this.setOnces[name] = value;
      return this;
    }
  }
  const done = () => ({ promise: Promise.resolve() });
  return {
    Identify,
    init: vi.fn(done),
    add: vi.fn(done),
    track: vi.fn(done),
    identify: vi.fn(done),
    setUserId: vi.fn(),
    reset: vi.fn(),
    setOptOut: vi.fn(),
    Types: { LogLevel: { None: 0, Error: 1, Warn: 2, Verbose: 3, Debug: 4 } },
  };
});
const replay = vi.hoisted(() => ({
  options: [] as unknown[],
  plugin: { name: 'session-replay', start: vi.fn(() => Promise.resolve()), stop: vi.fn() },
}));

vi.mock('@amplitude/analytics-browser', () => sdk);
vi.mock('@amplitude/plugin-session-replay-browser', () => ({
  sessionReplayPlugin: (options: unknown) => {
    replay.options.push(options);
    return replay.plugin;
  },
}));

import {
  analyticsInitOptions,
  identifyUser,
  replayEndpoints,
  resetAnalyticsForTests,
  resetUser,
  setAnalyticsOptOut,
  startAnalytics,
  trackAuth,
  trackPageView,
} from '../analytics.ts';

const settings = { apiKey: 'key-123', serverUrl: 'http://127.0.0.1:9999/2/httpapi' };

beforeEach(() => {
  vi.clearAllMocks();
  replay.options.length = 0;
  resetAnalyticsForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startAnalytics', () => {
  it('starts once only', () => {
    expect(startAnalytics(settings, { optOut: false })).toBe(true);
    expect(startAnalytics(settings, { optOut: false })).toBe(false);
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.add).toHaveBeenCalledTimes(1);
  });

  it('initializes with the tracking flags, log level and constants of §9', () => {
    startAnalytics(settings, { optOut: false });
    const [apiKey, userId, options] = sdk.init.mock.calls[0] as unknown as [string, unknown, Record<string, unknown>];
    expect(apiKey).toBe('key-123');
    expect(userId).toBeUndefined();
    expect(options).toMatchObject({
      serverUrl: 'http://127.0.0.1:9999/2/httpapi',
      optOut: false,
      autocapture: { sessions: true, formInteractions: true, fileDownloads: true, pageViews: false },
      logLevel: sdk.Types.LogLevel.Error,
      flushIntervalMillis: 10_000,
      flushQueueSize: 200,
      flushMaxRetries: 12,
      sessionTimeout: 1_800_000,
      cookieOptions: { expiration: 365 },
    });
  });

  it('adds session replay with a 0.2 sample rate, pointed at the same server', () => {
    startAnalytics(settings, { optOut: false });
    expect(replay.options).toEqual([
      { sampleRate: 0.2, configServerUrl: 'http://127.0.0.1:9999/config', trackServerUrl: 'http://127.0.0.1:9999/sessions/v2/track' },
    ]);
    expect(sdk.add).toHaveBeenCalledWith(replay.plugin);
  });

  it('keeps Amplitude’s own replay hosts for Amplitude’s ingestion URLs, with the EU zone for the EU one', () => {
    expect(replayEndpoints(null)).toEqual({ serverZone: 'US' });
    expect(replayEndpoints('https://api2.amplitude.com/2/httpapi')).toEqual({ serverZone: 'US' });
    expect(replayEndpoints('https://api.eu.amplitude.com/2/httpapi')).toEqual({ serverZone: 'EU' });
    expect(analyticsInitOptions({ apiKey: 'k', serverUrl: null }, true)).not.toHaveProperty('serverUrl');
  });

  it('only logs a failing initialize', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sdk.init.mockImplementationOnce(() => {
      throw new Error('boom');
    });
    expect(() => startAnalytics(settings, { optOut: false })).not.toThrow();
    expect(error).toHaveBeenCalledWith('Analytics: initialize failed', expect.any(Error));
  });

  it('sends the landing campaign: current values set, first-seen values set once as initial_*', () => {
    startAnalytics(settings, {
      optOut: false,
      utm: { current: { utm_source: 'google', utm_campaign: 'spring' }, initial: { utm_source: 'newsletter' } },
    });
    const identify = (sdk.identify.mock.calls as unknown[][])[0]?.[0] as InstanceType<typeof sdk.Identify>;
    expect(identify.sets).toEqual({ utm_source: 'google', utm_campaign: 'spring' });
    expect(identify.setOnces).toEqual({ initial_utm_source: 'newsletter' });
    expect(sdk.setUserId).not.toHaveBeenCalled();
  });
});

describe('events', () => {
  it('tracks page views as Page "{page_name}" Viewed with a page_name property', () => {
    startAnalytics(settings, { optOut: false });
    trackPageView('worq-trade/onboarding/summary');
    expect(sdk.track).toHaveBeenCalledWith('Page "worq-trade/onboarding/summary" Viewed', { page_name: 'worq-trade/onboarding/summary' });
  });

  it('tracks a Google sign-up as Signed Up and a sign-in as Signed In, with the method', () => {
    startAnalytics(settings, { optOut: false });
    trackAuth({ method: 'google', flow: 'sign_up' });
    trackAuth({ method: 'google', flow: 'sign_in' });
    expect(sdk.track).toHaveBeenCalledWith('Signed Up', { method: 'google' });
    expect(sdk.track).toHaveBeenCalledWith('Signed In', { method: 'google' });
  });

  it('sends nothing before the start', () => {
    trackPageView('login');
    identifyUser('customer-1', {});
    resetUser();
    expect(sdk.track).not.toHaveBeenCalled();
    expect(sdk.identify).not.toHaveBeenCalled();
    expect(sdk.reset).not.toHaveBeenCalled();
  });

  it('identifies with the user id and properties, and resets', () => {
    startAnalytics(settings, { optOut: false });
    identifyUser('customer-1', { language: 'tr', is_phone_verified: true });
    expect(sdk.setUserId).toHaveBeenCalledWith('customer-1');
    const identify = (sdk.identify.mock.calls as unknown[][])[0]?.[0] as InstanceType<typeof sdk.Identify>;
    expect(identify.sets).toEqual({ language: 'tr', is_phone_verified: true });
    resetUser();
    expect(sdk.reset).toHaveBeenCalledTimes(1);
  });

  it('only logs failures of track, identify and reset (thrown or rejected)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startAnalytics(settings, { optOut: false });
    sdk.track.mockImplementationOnce(() => ({ promise: Promise.reject(new Error('offline')) }));
    sdk.identify.mockImplementationOnce(() => {
      throw new Error('bad identify');
    });
    sdk.reset.mockImplementationOnce(() => {
      throw new Error('bad reset');
    });
    expect(() => trackPageView('login')).not.toThrow();
    expect(() => identifyUser('customer-1', {})).not.toThrow();
    expect(() => resetUser()).not.toThrow();
    await Promise.resolve();
    await Promise.resolve();
    expect(error.mock.calls.map((call) => call[0])).toEqual([
      'Analytics: identify failed',
      'Analytics: reset failed',
      'Analytics: track failed',
    ]);
  });
});

describe('session replay and opt-out', () => {
  it('stops (and so flushes) recording on blur and when the page is left, and resumes on focus', () => {
    startAnalytics(settings, { optOut: false });
    window.dispatchEvent(new Event('blur'));
    expect(replay.plugin.stop).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('focus'));
    expect(replay.plugin.start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(replay.plugin.stop).toHaveBeenCalledTimes(2);
  });

  it('opts out through the SDK (which shuts replay down) and does not resume replay on focus; opting in restarts', () => {
    startAnalytics(settings, { optOut: false });
    setAnalyticsOptOut(true);
    expect(sdk.setOptOut).toHaveBeenLastCalledWith(true);
    window.dispatchEvent(new Event('focus'));
    expect(replay.plugin.start).not.toHaveBeenCalled();
    setAnalyticsOptOut(false);
    expect(sdk.setOptOut).toHaveBeenLastCalledWith(false);
    window.dispatchEvent(new Event('focus'));
    expect(replay.plugin.start).toHaveBeenCalledTimes(1);
  });

  it('starts opted out when told so and ignores a repeated choice', () => {
    startAnalytics(settings, { optOut: true });
    expect((sdk.init.mock.calls as unknown[][])[0]?.[2]).toMatchObject({ optOut: true });
    setAnalyticsOptOut(true);
    expect(sdk.setOptOut).not.toHaveBeenCalled();
  });
});
