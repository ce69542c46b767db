import { describe, expect, it, vi } from 'vitest';
import { marketplaceFetch, readCapped } from './http.ts';
import { ideasoftConnector } from './ideasoft.ts';
import { createGuardedFetch } from './outbound-guard.ts';
import { ConnectorError } from './types.ts';

/** A body streamed in chunks with no content-length, as a hostile server would send it. */
const streamed = (chunks: number, chunkBytes: number) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < chunks; i++) controller.enqueue(new Uint8Array(chunkBytes).fill(97));
        controller.close();
      },
    }),
  );

describe('readCapped', () => {
  it('reads a reply within the cap as text', async () => {
    expect(await readCapped(new Response('çiçek'), 100)).toBe('çiçek');
  });

  it('refuses a streamed reply once it passes the cap', async () => {
    const error = await readCapped(streamed(10, 1024), 4096).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).detail).toBe('reply larger than 4096 bytes');
  });

  it('refuses a reply whose announced length is over the cap without reading it', async () => {
    const response = new Response('small', { headers: { 'content-length': String(10 * 1024 * 1024) } });
    await expect(readCapped(response, 1024)).rejects.toBeInstanceOf(ConnectorError);
  });
});

describe('marketplaceFetch', () => {
  it('does not retry a refusal of the outbound guard', async () => {
    const doFetch = vi.fn(async () => {
      throw new ConnectorError('bad_credentials', 'store_address_refused', 'private');
    });
    await expect(marketplaceFetch('https://shop.example/', {}, { baseUrl: 'x', fetch: doFetch, retries: 3 })).rejects.toMatchObject({
      messageKey: 'store_address_refused',
    });
    expect(doFetch).toHaveBeenCalledTimes(1);
  });

  it('tells the seller when the Ideasoft store name points inside our network', async () => {
    const resolve = vi.fn(async () => [{ address: '169.254.169.254', family: 4 as const }]);
    const guarded = createGuardedFetch({ resolve });
    const error = await ideasoftConnector
      .verify(
        {
          store_url: 'https://magaza.example',
          client_id: 'id',
          client_secret: 'secret',
          access_token: 'access',
          refresh_token: 'refresh',
          access_token_expires_at: String(Date.now() + 3_600_000),
        },
        { baseUrl: '{store_url}', fetch: guarded, retries: 0 },
      )
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ messageKey: 'store_address_refused' });
    expect(resolve).toHaveBeenCalledWith('magaza.example');
  });
});
