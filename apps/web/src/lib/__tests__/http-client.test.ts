import { changeLanguage } from '../i18n.ts';
import { call, registerNavigate, registerTermsPending, routeUrl } from '../http-client.ts';
import { HttpError } from '../http-transport.ts';
import { getAccessToken, getRefreshToken, storeTokens } from '../token-storage.ts';
import { accessToken } from './token-fixtures.ts';

/** A request as the server sees it: path under /api/v1 with its query, headers, body text. */
interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
}

type Handler = (request: Seen) => { status: number; data?: unknown };

const bearer = (request: Seen) => request.headers.get('Authorization') ?? '';

/** The network edge: `fetch`, answering like the server would after a short round trip. */
function serve(handler: Handler) {
  const seen: Array<{ url: string; authorization: string }> = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request: Seen = {
      method: init.method ?? 'GET',
      url: input.replace(/^\/api\/v1/, ''),
      // A copy: the client keeps its headers for the retry.
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    seen.push({ url: request.url, authorization: bearer(request) });
    // Let concurrent calls pile up before answering, like a real round trip.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { status, data } = handler(request);
    return new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  });
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
    const seen = serve((request) => {
      language = String(request.headers.get('Accept-Language'));
      return { status: 200, data: { ok: true } };
    });
    await expect(call('GET /customer/get_user_info')).resolves.toEqual({ ok: true });
    expect(seen[0]!.authorization).toBe(`Bearer ${oldToken}`);
    expect(language).toBe('en');
    await changeLanguage('tr');
  });

  it('keeps a language the call names itself', async () => {
    let language = '';
    serve((request) => {
      language = String(request.headers.get('Accept-Language'));
      return { status: 200, data: {} };
    });
    await call('GET /customer/term_filter', { query: { term_type: 'disclosure' } }, { headers: { 'Accept-Language': 'en' } });
    expect(language).toBe('en');
  });

  it('repeats array keys in query strings under /api/v1', async () => {
    const seen = serve(() => ({ status: 200, data: [] }));
    await call('GET /insight/overview', { query: { from: '2026-11-01', to: undefined, integration_id: ['i-1', 'i-2'] } });
    expect(seen[0]!.url).toBe('/insight/overview?from=2026-11-01&integration_id=i-1&integration_id=i-2');
  });

  it("fills a route's path parameters, encoded, and refuses a call without one", async () => {
    const seen = serve(() => ({ status: 200, data: {} }));
    await call('GET /admin/applications/{id}/events', { path: { id: 'a/b ç' }, query: { cursor: 'c-1' } });
    expect(seen[0]!.url).toBe('/admin/applications/a%2Fb%20%C3%A7/events?cursor=c-1');
    expect(routeUrl('GET /work_context/get/{customer_id}', { customer_id: 'c-1' })).toBe('/work_context/get/c-1');
    expect(() => routeUrl('GET /admin/applications/{id}', {} as { id: string })).toThrow('GET /admin/applications/{id}: no value for {id}');
  });

  it('sends a body as JSON and reads an empty answer as undefined', async () => {
    let sent: Seen | undefined;
    serve((request) => {
      sent = request;
      return { status: 204 };
    });
    await expect(call('POST /auth/logout', { body: { refresh_token: 'refresh-1' } })).resolves.toBeUndefined();
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/auth/logout');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sent!.body!)).toEqual({ refresh_token: 'refresh-1' });
  });

  it('treats anything but 2xx as a failure, keeping the status and the parsed envelope', async () => {
    serve(() => ({ status: 304 }));
    await expect(call('GET /gpp/offer')).rejects.toBeInstanceOf(HttpError);
    serve(() => ({ status: 409, data: { errors: { code: 'taken', message: 'Kayıtlı.' } } }));
    const refused = await call('GET /gpp/offer').catch((error: unknown) => error);
    expect(refused).toMatchObject({ isHttpError: true, response: { status: 409, data: { errors: { code: 'taken' } } } });
  });

  it('reports a call that got no answer in the page language, without a response', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failed = await call('GET /gpp/offer').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HttpError);
    expect((failed as HttpError).response).toBeUndefined();
    expect((failed as HttpError).message).toBe('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.');
    expect(navigate).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe(oldToken);
  });

  it('leaves a cancelled call cancelled', async () => {
    vi.stubGlobal('fetch', (_input: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    });
    const controller = new AbortController();
    const pending = call('GET /gpp/offer', undefined, { signal: controller.signal }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('refreshes once for ten concurrent 401s and retries each call with the new token', async () => {
    let refreshCalls = 0;
    const seen = serve((request) => {
      if (request.url === '/auth/token/refresh') {
        refreshCalls += 1;
        expect(JSON.parse(String(request.body))).toEqual({ refresh_token: 'refresh-1' });
        return { status: 200, data: { jwt_token: newToken, refresh_token: 'refresh-2' } };
      }
      return bearer(request) === `Bearer ${newToken}`
        ? { status: 200, data: { url: request.url } }
        : { status: 401, data: { errors: { code: 'unauthorized', message: 'expired' } } };
    });

    const ids = Array.from({ length: 10 }, (_, i) => `item-${i}`);
    const results = await Promise.all(ids.map((id) => call('GET /application/{id}/performance', { path: { id } })));

    expect(refreshCalls).toBe(1);
    // The stand-in answers each call with its own address.
    expect(results.map((answer) => (answer as unknown as { url: string }).url)).toEqual(ids.map((id) => `/application/${id}/performance`));
    const calls = seen.filter((c) => c.url.startsWith('/application/'));
    expect(calls.filter((c) => c.authorization === `Bearer ${oldToken}`)).toHaveLength(10);
    expect(calls.filter((c) => c.authorization === `Bearer ${newToken}`)).toHaveLength(10);
    expect(getAccessToken()).toBe(newToken);
    expect(getRefreshToken()).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out when the refresh is refused', async () => {
    serve((request) =>
      request.url === '/auth/token/refresh'
        ? { status: 401, data: { errors: { code: 'invalid_refresh_token', message: 'no' } } }
        : { status: 401, data: { errors: { code: 'unauthorized', message: 'expired' } } },
    );
    const outcomes = await Promise.allSettled([call('GET /gpp/offer'), call('GET /gpp/suggestion'), call('GET /gpp/get')]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('logs out when the retried call fails with 401 again', async () => {
    let refreshCalls = 0;
    serve((request) => {
      if (request.url === '/auth/token/refresh') {
        refreshCalls += 1;
        return { status: 200, data: { jwt_token: newToken, refresh_token: 'refresh-2' } };
      }
      return { status: 401, data: { errors: { code: 'unauthorized', message: 'expired' } } };
    });
    await expect(call('GET /gpp/offer')).rejects.toBeInstanceOf(HttpError);
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not refresh after a 401 on a call made without a token (a refused sign-in)', async () => {
    localStorage.clear();
    const seen = serve(() => ({ status: 401, data: { errors: { code: 'invalid_credentials', message: 'wrong' } } }));
    await expect(call('POST /auth/login', { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(HttpError);
    expect(seen).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the user to /worq-trade on 403', async () => {
    serve(() => ({ status: 403, data: { errors: { code: 'forbidden', message: 'no' } } }));
    await expect(call('GET /application/get_by_customer_id/{customer_id}', { path: { customer_id: 'other' } })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(navigate).toHaveBeenCalledWith('/worq-trade');
    expect(getAccessToken()).toBe(oldToken);
  });

  it('brings up the updated legal texts on 403 terms_pending instead of leaving the page', async () => {
    const pending = vi.fn();
    const unregisterPending = registerTermsPending(pending);
    serve(() => ({ status: 403, data: { errors: { code: 'terms_pending', message: 'accept' } } }));
    await expect(call('POST /customer/activate_email', { body: {} })).rejects.toBeInstanceOf(HttpError);
    expect(pending).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    unregisterPending();
  });

  it('sends the user to phone verification on 403 phone_not_verified', async () => {
    serve(() => ({ status: 403, data: { errors: { code: 'phone_not_verified', message: 'verify' } } }));
    await expect(call('GET /gpp/get')).rejects.toBeInstanceOf(HttpError);
    expect(navigate).toHaveBeenCalledWith('/mobile-verification');
  });
});
