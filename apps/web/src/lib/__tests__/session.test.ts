import { registerNavigate } from '../http-client.ts';
import { getSession, login, logout, startSessionKeeper } from '../session.ts';
import { getAccessToken, getRefreshToken } from '../token-storage.ts';
import { accessToken } from './token-fixtures.ts';

type Call = { url: string; body: unknown; authorization: string };

/** The network edge: `fetch`, answering per path under /api/v1. */
function serve(handler: (url: string) => { status: number; data?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = input.replace(/^\/api\/v1/, '');
    calls.push({
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init.headers).get('Authorization') ?? '',
    });
    const { status, data } = handler(url);
    return new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const inSeconds = (seconds: number) => accessToken({ exp: Math.floor(Date.now() / 1000) + seconds });

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let unregister: () => void;
beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  unregister = registerNavigate(navigate);
});
afterEach(() => {
  unregister();
  vi.useRealTimers();
});

describe('session', () => {
  it('exposes the claims of a stored sign-in', () => {
    login({ jwt_token: accessToken({ is_phone_verified: false }), refresh_token: 'r' }, false);
    expect(sessionStorage.getItem('refresh_token')).toBe('r');
    expect(getSession()).toMatchObject({ isAuthenticated: true, isPhoneVerified: false, claims: { first_name: 'Ayşe' } });
  });

  it('refreshes at start when less than five minutes remain', async () => {
    const fresh = inSeconds(900);
    const calls = serve(() => ({ status: 200, data: { jwt_token: fresh, refresh_token: 'r2' } }));
    login({ jwt_token: inSeconds(120), refresh_token: 'r1' });
    const stop = startSessionKeeper();
    await vi.waitFor(() => expect(getAccessToken()).toBe(fresh));
    stop();
    expect(calls).toEqual([{ url: '/auth/token/refresh', body: { refresh_token: 'r1' }, authorization: expect.any(String) }]);
  });

  it('does not refresh at start with more than five minutes left, then checks every minute', async () => {
    vi.useFakeTimers();
    const calls = serve(() => ({ status: 200, data: { jwt_token: inSeconds(900), refresh_token: 'r2' } }));
    login({ jwt_token: inSeconds(6 * 60 + 30), refresh_token: 'r1' });
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
    // At 2 minutes the token has 4.5 minutes left: the check refreshes it.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((c) => c.url)).toEqual(['/auth/token/refresh']);
    stop();
  });

  it('keeps the session when the refresh at start gets no answer (offline)', async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    const stale = inSeconds(-60);
    login({ jwt_token: stale, refresh_token: 'r1' });
    const stop = startSessionKeeper();
    expect(getSession().isRefreshing).toBe(true);
    // The refresh was tried and its failure handled.
    await vi.waitFor(() => expect(getSession().isRefreshing).toBe(false));
    stop();
    expect(offline).toHaveBeenCalled();
    expect(getAccessToken()).toBe(stale);
    expect(getRefreshToken()).toBe('r1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out when the refresh at start is refused', async () => {
    serve(() => ({ status: 401, data: { errors: { code: 'invalid_refresh_token', message: 'no' } } }));
    login({ jwt_token: inSeconds(-60), refresh_token: 'r1' });
    const stop = startSessionKeeper();
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
    stop();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('logout clears the tokens, goes to / and revokes the refresh token', async () => {
    const token = inSeconds(900);
    const calls = serve(() => ({ status: 204 }));
    login({ jwt_token: token, refresh_token: 'r1' });
    await logout();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(calls).toEqual([{ url: '/auth/logout', body: { refresh_token: 'r1' }, authorization: `Bearer ${token}` }]);
  });

  it('logout from the back-office goes to the back-office sign-in page', async () => {
    serve(() => ({ status: 204 }));
    window.history.pushState({}, '', '/admin/applications/1');
    try {
      login({ jwt_token: inSeconds(900), refresh_token: 'r1' });
      await logout();
      expect(navigate).toHaveBeenCalledWith('/admin/login');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('logout still signs out locally when revoking fails', async () => {
    serve(() => ({ status: 500, data: { errors: { message: 'down' } } }));
    login({ jwt_token: inSeconds(900), refresh_token: 'r1' });
    await expect(logout()).resolves.toBeUndefined();
    expect(getAccessToken()).toBeNull();
  });
});
