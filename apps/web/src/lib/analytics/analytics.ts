/*
 * The analytics service (Amplitude) and its session replay, configured exactly as specification
 * §4 and §9 describe. This module is heavy (the SDK and the recorder): the app imports it
 * dynamically, after the first paint, and only when a key is set and the visitor agreed.
 *
 * Every call into the SDK is guarded: a failure of initialize, track, identify or reset is written
 * to the console and nothing else happens (§8) — analytics never breaks a screen.
 */
import * as amplitude from '@amplitude/analytics-browser';
import { sessionReplayPlugin, type SessionReplayPlugin } from '@amplitude/plugin-session-replay-browser';
import { pageViewEventName } from './page-name.ts';
import { authEventTitle, type AuthEventDetail } from './auth-events.ts';
import type { StoredUtm } from './utm.ts';
import { utmUserProperties } from './utm.ts';

/** 20 % of sessions are recorded (§9). */
export const replaySampleRate = 0.2;

type InitOptions = NonNullable<Parameters<typeof amplitude.init>[2]>;

export interface AnalyticsSettings {
  apiKey: string;
  /** Ingestion URL (a proxy, the EU data centre, a local collector); null means Amplitude's own. */
  serverUrl: string | null;
}

/**
 * Where session replay sends recordings and fetches its remote configuration. Amplitude's own
 * hosts keep the SDK's defaults (with the EU zone for the EU data centre); any other server is a
 * proxy that is expected to answer Amplitude's paths on its origin: `/config` (remote
 * configuration) and `/sessions/v2/track` (recordings).
 */
export function replayEndpoints(serverUrl: string | null): {
  serverZone: 'US' | 'EU';
  configServerUrl?: string;
  trackServerUrl?: string;
} {
  if (!serverUrl) return { serverZone: 'US' };
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return { serverZone: 'US' };
  }
  if (url.hostname === 'amplitude.com' || url.hostname.endsWith('.amplitude.com')) {
    return { serverZone: url.hostname.includes('.eu.') ? 'EU' : 'US' };
  }
  return { serverZone: 'US', configServerUrl: `${url.origin}/config`, trackServerUrl: `${url.origin}/sessions/v2/track` };
}

/** The SDK options of §9; the SDK's own browser defaults differ (1 s flush, 30 events, 5 retries). */
export function analyticsInitOptions(settings: AnalyticsSettings, optOut: boolean): InitOptions {
  const endpoints = replayEndpoints(settings.serverUrl);
  return {
    ...(settings.serverUrl ? { serverUrl: settings.serverUrl } : {}),
    serverZone: endpoints.serverZone,
    optOut,
    autocapture: {
      sessions: true,
      formInteractions: true,
      fileDownloads: true,
      // Page views are sent by the app, named after the screen (trackPageView).
      pageViews: false,
      // Campaign parameters are handled by the app (utm.ts) so they are also kept in storage.
      attribution: false,
      elementInteractions: false,
      frustrationInteractions: false,
      networkTracking: false,
      webVitals: false,
      pageUrlEnrichment: false,
    },
    logLevel: amplitude.Types.LogLevel.Error,
    flushIntervalMillis: 10_000,
    flushQueueSize: 200,
    flushMaxRetries: 12,
    sessionTimeout: 30 * 60 * 1000,
    cookieOptions: { expiration: 365 },
    // Tracking flags are ours (above), not a remote dashboard's; replay still reads its own
    // remote configuration (whether capture is enabled) from the same server.
    remoteConfig: { fetchRemoteConfig: false, ...(endpoints.configServerUrl ? { serverUrl: endpoints.configServerUrl } : {}) },
    // The SDK's own diagnostics would be one more third-party call the product does not need.
    enableDiagnostics: false,
  };
}

function logFailure(action: string, error: unknown) {
  console.error(`Analytics: ${action} failed`, error);
}

/** Runs an SDK call; a throw or a rejected `promise` is only logged. */
function guarded(action: string, call: () => { promise?: Promise<unknown> } | void): void {
  try {
    const result = call();
    result?.promise?.catch((error: unknown) => logFailure(action, error));
  } catch (error) {
    logFailure(action, error);
  }
}

let started = false;
let replay: SessionReplayPlugin | null = null;
let optedOut = false;
let removeWindowListeners: (() => void) | null = null;

/**
 * Initializes the SDK and session replay — once only: later calls do nothing and answer false.
 * `utm` is this landing's campaign (recorded by the caller), sent as user properties.
 */
export function startAnalytics(settings: AnalyticsSettings, options: { optOut: boolean; utm?: StoredUtm }): boolean {
  if (started) return false;
  started = true;
  optedOut = options.optOut;
  const endpoints = replayEndpoints(settings.serverUrl);
  try {
    replay = sessionReplayPlugin({
      sampleRate: replaySampleRate,
      ...(endpoints.configServerUrl ? { configServerUrl: endpoints.configServerUrl } : {}),
      ...(endpoints.trackServerUrl ? { trackServerUrl: endpoints.trackServerUrl } : {}),
    });
    guarded('add session replay', () => amplitude.add(replay!));
  } catch (error) {
    replay = null;
    logFailure('session replay', error);
  }
  guarded('initialize', () => amplitude.init(settings.apiKey, undefined, analyticsInitOptions(settings, options.optOut)));
  if (options.utm) identifyUser(null, {}, options.utm);
  removeWindowListeners = followWindowFocus();
  return true;
}

/**
 * §4: recording stops and is flushed when the window loses focus or the page is left, and resumes
 * on focus (the SDK's start still honours sampling, capture and opt-out).
 */
function followWindowFocus(): () => void {
  const pause = () => {
    if (!replay) return;
    try {
      replay.stop();
    } catch (error) {
      logFailure('session replay stop', error);
    }
  };
  const resume = () => {
    if (!replay || optedOut) return;
    replay.start().catch((error: unknown) => logFailure('session replay start', error));
  };
  window.addEventListener('blur', pause);
  window.addEventListener('pagehide', pause);
  window.addEventListener('focus', resume);
  return () => {
    window.removeEventListener('blur', pause);
    window.removeEventListener('pagehide', pause);
    window.removeEventListener('focus', resume);
  };
}

export function isAnalyticsStarted(): boolean {
  return started;
}

/** The custom page view of §9: `Page "{page_name}" Viewed` with a `page_name` property. */
export function trackPageView(pageName: string): void {
  if (!started) return;
  guarded('track', () => amplitude.track(pageViewEventName(pageName), { page_name: pageName }));
}

/** `Signed Up` or `Signed In`, with how (lib/analytics/auth-events.ts). */
export function trackAuth({ method, flow }: AuthEventDetail): void {
  if (!started) return;
  guarded('track', () => amplitude.track(authEventTitle(flow), { method }));
}

export type UserProperties = Record<string, string | number | boolean>;

/**
 * After sign-in (userId set) or at start (null: the anonymous visitor): the user id, the given
 * properties and the campaign (current values set, first-seen values as `initial_*`, set once).
 */
export function identifyUser(userId: string | null, properties: UserProperties, utm?: StoredUtm): void {
  if (!started) return;
  guarded('identify', () => {
    if (userId !== null) amplitude.setUserId(userId);
    const identify = new amplitude.Identify();
    for (const [name, value] of Object.entries(properties)) identify.set(name, value);
    if (utm) {
      const { set, setOnce } = utmUserProperties(utm);
      for (const [name, value] of Object.entries(set)) identify.set(name, value);
      for (const [name, value] of Object.entries(setOnce)) identify.setOnce(name, value);
    }
    return amplitude.identify(identify);
  });
}

/** On sign-out: forget the user id and start a new anonymous device. */
export function resetUser(): void {
  if (!started) return;
  guarded('reset', () => amplitude.reset());
}

/**
 * The visitor's consent changed. Opting out stops sending and shuts session replay down; opting
 * back in restarts it (the replay plugin follows the SDK's opt-out on its own).
 */
export function setAnalyticsOptOut(optOut: boolean): void {
  if (!started || optOut === optedOut) return;
  optedOut = optOut;
  guarded('opt-out', () => amplitude.setOptOut(optOut));
}

/** Test seam: forget that the SDK was started. */
export function resetAnalyticsForTests(): void {
  removeWindowListeners?.();
  removeWindowListeners = null;
  started = false;
  replay = null;
  optedOut = false;
}
