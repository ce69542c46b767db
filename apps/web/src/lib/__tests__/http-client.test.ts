import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { changeLanguage } from '../i18n.ts';
import { get, post, registerNavigate } from '../http-client.ts';
import { httpClient } from '../http-transport.ts';
import { getAccessToken, getRefreshToken, storeTokens } from '../token-storage.ts';
import { accessToken } from './token-fixtures.ts';

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown };

const bearer = (config: InternalAxiosRequestConfig) => String(config.headers.get('Authorization') ?? '');

/** The network edge: an axios adapter answering like the server would, settling on 2xx only. */
function serve(handler: Handler) {
  const seen: Array<{ url: string; authorization: string }> = [];
  httpClient.defaults.adapter = async (config) => {
    // A snapshot: the client reuses the config object for its retry.
    seen.push({ url: config.url ?? '', authorization: bearer(config) });
    // Let concurrent calls pile up before answering, like a real round trip.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { status, data } = handler(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (config.validateStatus?.(status) ?? true) return response;
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
  };
  return seen;
}

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let unregister: () => void;
const oldToken = accessToken({ jti: 'old' });
const newToken = accessToken({ jti: 'new' });

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  unregister = registerNavigate(navigate);
  storeTokens({ jwt_token: oldToken, refresh_token: 'refresh-1' }, true);
});

afterEach(() => {
  unregister();
});

describe('http client', () => {
  it('sends the bearer token and the current language', async () => {
    await changeLanguage('en');
    let language = '';
    const seen = serve((config) => {
      language = String(config.headers.get('Accept-Language'));
      return { status: 200, data: { ok: true } };
    });
    await expect(get('/customer/get_user_info')).resolves.toEqual({ ok: true });
    expect(seen[0]!.authorization).toBe(`Bearer ${oldToken}`);
    expect(language).toBe('en');
    await changeLanguage('tr');
  });

  it('repeats array keys in query strings under /api/v1', () => {
    const uri = httpClient.getUri({ url: '/marketplace/integration/list', params: { status: ['active', 'disabled'] } });
    expect(uri).toBe('/api/v1/marketplace/integration/list?status=active&status=disabled');
  });

  it('treats anything but 2xx as a failure', async () => {
    serve(() => ({ status: 304 }));
    await expect(get('/x')).rejects.toBeInstanceOf(AxiosError);
  });

  it('refreshes once for ten concurrent 401s and retries each call with the new token', async () => {
    let refreshCalls = 0;
    const seen = serve((config) => {
      if (config.url === '/auth/token/refresh') {
        refreshCalls += 1;
        expect(JSON.parse(String(config.data))).toEqual({ refresh_token: 'refresh-1' });
        return { status: 200, data: { jwt_token: newToken, refresh_token: 'refresh-2' } };
      }
      return bearer(config) === `Bearer ${newToken}`
        ? { status: 200, data: { url: config.url } }
        : { status: 401, data: { errors: { code: 'unauthorized', message: 'expired' } } };
    });

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => get<{ url: string }>(`/item/${i}`)));

    expect(refreshCalls).toBe(1);
    expect(results.map((r) => r.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/item/${i}`));
    const calls = seen.filter((c) => c.url.startsWith('/item/'));
    expect(calls.filter((c) => c.authorization === `Bearer ${oldToken}`)).toHaveLength(10);
    expect(calls.filter((c) => c.authorization === `Bearer ${newToken}`)).toHaveLength(10);
    expect(getAccessToken()).toBe(newToken);
    expect(getRefreshToken()).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out when the refresh is refused', async () => {
    serve((config) =>
      config.url === '/auth/token/refresh'
        ? { status: 401, data: { errors: { code: 'invalid_refresh_token', message: 'no' } } }
        : { status: 401, data: { errors: { code: 'unauthorized', message: 'expired' } } },
    );
    const outcomes = await Promise.allSettled([get('/a'), get('/b'), get('/c')]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('logs out when the retried call fails with 401 again', async () => {
    let refreshCalls = 0;
    serve((config) => {
      if (config.url === '/auth/token/refresh') {
        refreshCalls += 1;
        return { status: 200, data: { jwt_token: newToken, refresh_token: 'refresh-2' } };
      }
      return { status: 401, data: { errors: { code: 'unauthorized', message: 'expired' } } };
    });
    await expect(get('/a')).rejects.toBeInstanceOf(AxiosError);
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not refresh after a 401 on a call made without a token (a refused sign-in)', async () => {
    localStorage.clear();
    const seen = serve(() => ({ status: 401, data: { errors: { code: 'invalid_credentials', message: 'wrong' } } }));
    await expect(post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toBeInstanceOf(AxiosError);
    expect(seen).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the user to /worq-trade on 403', async () => {
    serve(() => ({ status: 403, data: { errors: { code: 'forbidden', message: 'no' } } }));
    await expect(get('/application/get_by_customer_id/other')).rejects.toBeInstanceOf(AxiosError);
    expect(navigate).toHaveBeenCalledWith('/worq-trade');
    expect(getAccessToken()).toBe(oldToken);
  });

  it('sends the user to phone verification on 403 phone_not_verified', async () => {
    serve(() => ({ status: 403, data: { errors: { code: 'phone_not_verified', message: 'verify' } } }));
    await expect(get('/gpp/get')).rejects.toBeInstanceOf(AxiosError);
    expect(navigate).toHaveBeenCalledWith('/mobile-verification');
  });
});
