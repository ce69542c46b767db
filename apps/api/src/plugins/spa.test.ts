import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';

let ctx: TestContext;
const indexHtml = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>';

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'worq-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'assets', 'x.js'), 'console.log("x");');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get('/assets/x.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("x");');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files at the root without a long cache', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
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
    expect(response.statusCode).toBe(404);
    expect(response.json().errors.code).toBe('not_found');
  });

  it('sends the content security policy with the page', async () => {
    const response = await get('/worq-trade');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
