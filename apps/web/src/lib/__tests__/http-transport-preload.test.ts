import { preloadHttpTransportForSession } from '../http-client.ts';
import { clearTokens, storeTokens } from '../token-storage.ts';
import { accessToken } from './token-fixtures.ts';

// The sending side is a module of its own; this records when it is first evaluated (fetched, in the browser).
const transport = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../http-transport.ts', () => {
  transport.loads += 1;
  return { request: vi.fn(), refreshTokens: vi.fn() };
});

describe('loading the sending side early for a stored session', () => {
  afterEach(() => clearTokens());

  it('leaves it unloaded when nobody is signed in (the sign-in page stays lean)', async () => {
    preloadHttpTransportForSession();
    await vi.dynamicImportSettled();
    expect(transport.loads).toBe(0);
  });

  it('starts loading it at once when a session is stored, before any call is made', async () => {
    storeTokens({ jwt_token: accessToken({ jti: 'stored' }), refresh_token: 'refresh-1' }, true);
    preloadHttpTransportForSession();
    await vi.dynamicImportSettled();
    expect(transport.loads).toBe(1);
  });
});
