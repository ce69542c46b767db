import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectErrorCode, type TestContext } from '../test/helpers.ts';
import { preferredCoding } from './encoding.ts';
import { connectSources } from './spa.ts';

let ctx: TestContext;
let dist: string;
const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, label: `satır ${index}` })))};`;
// As the web build writes it: the theme boot inline in the head (apps/web/build/prerender.ts).
const bootScript = "document.documentElement.dataset.theme = 'light';";
const indexHtml = `<!doctype html><html><head><script>${bootScript}</script></head><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'worq-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'assets', 'x.js'), 'console.log("x");');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The copies the build writes (apps/web/build/precompress.ts); an asset without copies too.
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(path.join(dist, 'assets', 'app.js'), bigScript);
  writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync(bigScript));
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it('answers a deep link with index.html that is never cached', async () => {
    const response = await get('/worq-trade/onboarding');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
  });

  it('answers the root and a deep link with a query string with index.html', async () => {
    expect((await get('/')).body).toBe(indexHtml);
    expect((await get('/change-password?token=abc.def')).body).toBe(indexHtml);
    // Amazon's consent redirect lands on a route of its own (it keeps the seller id), then the page.
    const amazon = await get('/amazon-callback?spapi_oauth_code=c&state=s&selling_partner_id=A2WORQSANDBOX1');
    expect(amazon.body).toBe(indexHtml);
    expect(amazon.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get('/assets/x.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("x");');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators; a missing one is a plain 404 (below).
    for (const validator of ['etag', 'last-modified', 'accept-ranges']) expect(response.headers[validator], validator).toBeUndefined();
  });

  it("sends a script, stylesheet or font only a subresource's headers, and a file that could open as a page the page's", async () => {
    for (const [url, encoding] of [
      ['/assets/x.js', 'identity'],
      ['/assets/app.js', 'br'],
      ['/assets/app.js', 'gzip'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const pageOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
    }
    for (const url of ['/favicon.svg', '/', '/worq-trade', '/assets/missing.js']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toBeDefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves other files at the root without a long cache, revalidated by their validators', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['etag']).toBeDefined();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'if-none-match': String(response.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await get('/assets/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
    expect(response.json().errors.code).toBe('not_found');
  });

  it('keeps unknown API and socket paths as JSON 404s', async () => {
    for (const url of ['/api/v1/whatever', '/api/v1/whatever/deeper?x=1', '/api', '/websocket/ws/abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json().errors.code, url).toBe('not_found');
    }
  });

  it('does not answer a POST to a page path with index.html', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/worq-trade/onboarding' });
    expectErrorCode(response, 404, 'not_found');
  });

  it('sends the content security policy with the page', async () => {
    const response = await get('/worq-trade');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("allows the page's own inline boot script by its hash, and no other inline script", async () => {
    const policy = String((await get('/')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
  });
});

describe("the page's connect-src", () => {
  const connectSrcOf = async (context: TestContext) => {
    const policy = String((await context.app.inject({ method: 'GET', url: '/worq-trade' })).headers['content-security-policy']);
    return (/connect-src ([^;]*)/.exec(policy)?.[1] ?? '').split(' ');
  };

  it('names our own origin and the task socket on it, and nothing else when nothing else is configured', async () => {
    const local = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'http://localhost:8080' });
    try {
      expect(await connectSrcOf(local)).toEqual(["'self'", 'ws://localhost:8080']);
    } finally {
      await local.close();
    }
  });

  it('adds Google sign-in and the analytics hosts only when they are configured', async () => {
    const configured = await createTestApp({
      WEB_DIST_DIR: dist,
      PUBLIC_URL: 'http://portal.test:8080',
      GOOGLE_CLIENT_ID: '1234567890-test.apps.googleusercontent.com',
      AMPLITUDE_API_KEY: 'amplitude-key',
    });
    try {
      expect(await connectSrcOf(configured)).toEqual([
        "'self'",
        'ws://portal.test:8080',
        'https://accounts.google.com/gsi/',
        'https://*.amplitude.com',
      ]);
    } finally {
      await configured.close();
    }
  });

  it("takes a proxy's origin instead of Amplitude's hosts, and wss: behind https", () => {
    expect(
      connectSources({
        publicUrl: 'https://portal.example',
        googleClientId: undefined,
        amplitude: { apiKey: 'key', serverUrl: 'https://collect.portal.example/2/httpapi' },
      }),
    ).toEqual(["'self'", 'wss://portal.example', 'https://collect.portal.example']);
    expect(
      connectSources({
        publicUrl: 'https://portal.example',
        googleClientId: undefined,
        amplitude: { apiKey: 'key', serverUrl: 'https://api.eu.amplitude.com/2/httpapi' },
      }),
    ).toEqual(["'self'", 'wss://portal.example', 'https://*.amplitude.com']);
    // A server address without a key sends nothing anywhere.
    expect(
      connectSources({
        publicUrl: 'https://portal.example',
        googleClientId: undefined,
        amplitude: { apiKey: undefined, serverUrl: 'https://x.example' },
      }),
    ).toEqual(["'self'", 'wss://portal.example']);
  });
});

describe('compressed delivery', () => {
  const withEncoding = (url: string, acceptEncoding: string, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url, headers: { 'accept-encoding': acceptEncoding } });

  it('serves the brotli copy of an asset to a browser that takes it, with vary and the year-long cache', async () => {
    const response = await withEncoding('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bigScript);
  });

  it('serves gzip where brotli is refused or unknown, and the file itself when nothing is accepted', async () => {
    const gzip = await withEncoding('/assets/app.js', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const plain = await withEncoding('/assets/app.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('falls back to the file itself for an asset the build left uncompressed', async () => {
    const response = await withEncoding('/assets/x.js', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("x");');
  });

  it('compresses index.html for deep links and the root, never cached', async () => {
    for (const url of ['/', '/worq-trade/plan?x=1']) {
      const response = await withEncoding(url, 'br');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
    expect(gunzipSync((await withEncoding('/worq-trade', 'gzip')).rawPayload).toString()).toBe(indexHtml);
    expect((await withEncoding('/worq-trade', '')).body).toBe(indexHtml);
  });

  it('compresses JSON answers of 1 KB and more, and leaves small ones alone', async () => {
    const big = await withEncoding('/api/v1/openapi.json', 'br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gzip = await withEncoding('/api/v1/openapi.json', 'gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await withEncoding('/api/v1/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});

describe('accept-encoding negotiation', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
  });
});
