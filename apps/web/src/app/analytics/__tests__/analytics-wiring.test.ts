import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken } from '../../../lib/__tests__/token-fixtures.ts';
import { clearTokens, storeTokens } from '../../../lib/token-storage.ts';

const analytics = vi.hoisted(() => ({
  startAnalytics: vi.fn(() => true),
  trackPageView: vi.fn(),
  trackAuth: vi.fn(),
  identifyUser: vi.fn(),
  resetUser: vi.fn(),
  setAnalyticsOptOut: vi.fn(),
}));
vi.mock('../../../lib/analytics/analytics.ts', () => analytics);

import { announceAuth } from '../../../lib/analytics/auth-events.ts';
import { connectAnalytics as connect, type AnalyticsRouter, type AnalyticsWiring } from '../analytics-wiring.ts';

const connected: AnalyticsWiring[] = [];
function connectAnalytics(...args: Parameters<typeof connect>): AnalyticsWiring {
  const wiring = connect(...args);
  connected.push(wiring);
  return wiring;
}

afterEach(() => {
  connected.splice(0).forEach((wiring) => wiring.disconnect());
});

type State = AnalyticsRouter['state'];

/** Just what the wiring reads of a data router: its state and subscribe. */
function fakeRouter(pathname: string, patterns: Array<string | undefined>) {
  const listeners: Array<(state: State) => void> = [];
  const stateFor = (path: string, routePatterns: Array<string | undefined>, navigation: 'idle' | 'loading' = 'idle') =>
    ({
      initialized: true,
      location: { pathname: path, search: '', hash: '', state: null, key: path },
      navigation: { state: navigation },
      matches: routePatterns.map((routePath) => ({ route: { path: routePath } })),
    }) as unknown as State;
  const router = {
    state: stateFor(pathname, patterns),
    subscribe: (listener: (state: State) => void) => {
      listeners.push(listener);
      return () => undefined;
    },
  } as unknown as AnalyticsRouter;
  const go = (path: string, routePatterns: Array<string | undefined>, navigation: 'idle' | 'loading' = 'idle') =>
    listeners.forEach((listener) => listener(stateFor(path, routePatterns, navigation)));
  return { router, go };
}

const settings = { apiKey: 'key', serverUrl: null };

beforeEach(() => {
  vi.clearAllMocks();
  clearTokens();
});

describe('connectAnalytics', () => {
  it('records the landing campaign and starts the service with it', () => {
    const { router } = fakeRouter('/', [undefined, undefined]);
    connectAnalytics(router, settings, '?utm_source=google');
    expect(analytics.startAnalytics).toHaveBeenCalledWith(settings, {
      optOut: false,
      utm: { current: { utm_source: 'google' }, initial: { utm_source: 'google' } },
    });
    expect(JSON.parse(localStorage.getItem('utm') ?? 'null')).toEqual({ utm_source: 'google' });
  });

  it('sends a page view for the current screen and for every route change, named after the pattern', () => {
    const { router, go } = fakeRouter('/', [undefined, undefined, undefined]);
    connectAnalytics(router, settings, '');
    expect(analytics.trackPageView).toHaveBeenLastCalledWith('login');
    go('/profile/42/info', [undefined, undefined, 'profile/:id/info'], 'loading');
    expect(analytics.trackPageView).toHaveBeenCalledTimes(1);
    go('/profile/42/info', [undefined, undefined, 'profile/:id/info']);
    expect(analytics.trackPageView).toHaveBeenLastCalledWith('profile/info');
    // The same address again (a query change, a revalidation) is not a new page.
    go('/profile/42/info', [undefined, undefined, 'profile/:id/info']);
    go('/connections', [undefined, undefined, 'connections']);
    expect(analytics.trackPageView.mock.calls.map((call) => call[0])).toEqual(['login', 'profile/info', 'connections']);
  });

  it('identifies after sign-in without e-mail or name, and resets after sign-out', () => {
    const { router } = fakeRouter('/', [undefined]);
    connectAnalytics(router, settings, '');
    expect(analytics.identifyUser).not.toHaveBeenCalled();
    storeTokens({ jwt_token: accessToken({ customer_id: 'customer-7', is_phone_verified: false }), refresh_token: 'r' });
    expect(analytics.identifyUser).toHaveBeenCalledTimes(1);
    const [userId, properties] = analytics.identifyUser.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(userId).toBe('customer-7');
    expect(properties).toEqual({ language: 'tr', theme: 'light', is_phone_verified: false });
    // A refreshed token of the same user is not a new sign-in; a verified phone is news.
    storeTokens({
      jwt_token: accessToken({ customer_id: 'customer-7', is_phone_verified: false, exp: 9_999_999_999 }),
      refresh_token: 'r2',
    });
    expect(analytics.identifyUser).toHaveBeenCalledTimes(1);
    storeTokens({ jwt_token: accessToken({ customer_id: 'customer-7', is_phone_verified: true }), refresh_token: 'r3' });
    expect(analytics.identifyUser).toHaveBeenCalledTimes(2);
    expect(analytics.resetUser).not.toHaveBeenCalled();
    clearTokens();
    expect(analytics.resetUser).toHaveBeenCalledTimes(1);
  });

  it('identifies a visitor who arrives already signed in', () => {
    storeTokens({ jwt_token: accessToken({ customer_id: 'customer-8' }), refresh_token: 'r' });
    const { router } = fakeRouter('/worq-trade', [undefined, 'worq-trade']);
    connectAnalytics(router, settings, '');
    expect(analytics.identifyUser.mock.calls[0]?.[0]).toBe('customer-8');
  });

  it('tracks the sign-ups and sign-ins the screens announce, and stops listening when disconnected', () => {
    const { router } = fakeRouter('/', [undefined]);
    const wiring = connectAnalytics(router, settings, '');
    announceAuth({ method: 'google', flow: 'sign_up' });
    expect(analytics.trackAuth).toHaveBeenCalledWith({ method: 'google', flow: 'sign_up' });
    wiring.disconnect();
    announceAuth({ method: 'google', flow: 'sign_in' });
    expect(analytics.trackAuth).toHaveBeenCalledTimes(1);
  });

  it('passes consent changes on as opt-out', () => {
    const { router } = fakeRouter('/', [undefined]);
    const wiring = connectAnalytics(router, settings, '');
    wiring.setOptOut(true);
    expect(analytics.setAnalyticsOptOut).toHaveBeenCalledWith(true);
  });
});
