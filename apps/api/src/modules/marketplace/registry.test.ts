import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { guardedFetch } from '../../connectors/outbound-guard.ts';
import { createConnectorRegistry, sandboxFetch } from '../../connectors/registry.ts';
import { ConnectorError } from '../../connectors/types.ts';
import { createTestApp, testEnv } from '../../test/helpers.ts';

const amazonApp = {
  lwaClientId: 'client',
  lwaClientSecret: 'secret',
  applicationId: 'amzn1.sp.solution.app',
  defaultRegion: 'EU' as const,
};

function config(overrides: Partial<Parameters<typeof createConnectorRegistry>[0]['config']> = {}) {
  return {
    marketplaceMode: 'live' as const,
    marketplaceBaseUrls: {},
    publicUrl: 'https://portal.example.com',
    amazon: amazonApp,
    ...overrides,
  };
}

describe('connector registry', () => {
  it('sends sandbox mode to this server and live mode to the marketplace', () => {
    const sandbox = createConnectorRegistry({ config: config({ marketplaceMode: 'sandbox' }) });
    expect(sandbox.context('trendyol').baseUrl).toBe('https://portal.example.com/sandbox/trendyol');
    expect(sandbox.context('amazon', 'EU')).toMatchObject({
      baseUrl: 'https://portal.example.com/sandbox/amazon',
      lwaBaseUrl: 'https://portal.example.com/sandbox/amazon',
    });

    const live = createConnectorRegistry({ config: config() });
    expect(live.context('trendyol').baseUrl).toBe('https://apigw.trendyol.com');
    expect(live.context('amazon', 'NA').baseUrl).toBe('https://sellingpartnerapi-na.amazon.com');
    expect(live.context('amazon', null).baseUrl).toBe('https://sellingpartnerapi-eu.amazon.com');
    expect(live.connector('n11').code).toBe('n11');
  });

  it('hands the configured connector options to the connectors, and leaves their defaults otherwise', () => {
    const configured = createConnectorRegistry({
      config: config({
        ciceksepetiRequestDates: 'wall',
        n11: { senders: ['ALL'], wallClockEpochs: false },
        trendyolStreamIntervalMs: 7000,
      }),
    });
    expect(configured.context('ciceksepeti')).toMatchObject({ requestDates: 'wall' });
    expect(configured.context('n11')).toMatchObject({ senders: ['ALL'], wallClockEpochs: false });
    expect(configured.context('trendyol')).toMatchObject({ streamIntervalMs: 7000 });

    const plain = createConnectorRegistry({ config: config() });
    expect(plain.context('ciceksepeti')).not.toHaveProperty('requestDates');
    expect(plain.context('n11')).not.toHaveProperty('senders');
    expect(plain.context('n11')).not.toHaveProperty('wallClockEpochs');
    expect(plain.context('trendyol')).not.toHaveProperty('streamIntervalMs');
  });

  it("runs every connector's waits at the sandbox's time scale against the built-in sandbox, and at the documented pace elsewhere", () => {
    const sandbox = createConnectorRegistry({ config: config({ marketplaceMode: 'sandbox', sandboxTimeScale: 0.01 }) });
    expect(sandbox.context('trendyol')).toMatchObject({ timeScale: 0.01 });
    expect(sandbox.connector('trendyol').pacing?.(sandbox.context('trendyol'))).toEqual({
      budget: { requests: 50, perMs: 100 },
      streamIntervalMs: 50,
    });
    expect(sandbox.connector('ciceksepeti').pacing?.(sandbox.context('ciceksepeti'))).toMatchObject({ gapMs: 50 });
    // A configured stand-in and the live marketplace keep the documented pace.
    const standIn = createConnectorRegistry({
      config: config({
        marketplaceMode: 'sandbox',
        sandboxTimeScale: 0.01,
        marketplaceBaseUrls: { trendyol: 'https://stand-in.example.com' },
      }),
    });
    expect(standIn.context('trendyol')).not.toHaveProperty('timeScale');
    const live = createConnectorRegistry({ config: config() });
    expect(live.connector('trendyol').pacing?.(live.context('trendyol'))).toEqual({
      budget: { requests: 50, perMs: 10_000 },
      streamIntervalMs: 5_000,
    });
    expect(live.connector('amazon').pacing?.(live.context('amazon'))).toEqual({ budget: null, bucket: { burst: 20, perSecond: 0.0056 } });
  });

  it('prefers a configured base URL in either mode', () => {
    for (const marketplaceMode of ['sandbox', 'live'] as const) {
      const registry = createConnectorRegistry({
        config: config({ marketplaceMode, marketplaceBaseUrls: { trendyol: 'https://stageapigw.trendyol.com/' } }),
      });
      expect(registry.context('trendyol').baseUrl).toBe('https://stageapigw.trendyol.com');
    }
  });

  it('sends live Ideasoft and Ticimax calls (seller-typed hosts) through the outbound guard, and no other', () => {
    const guard = vi.fn(async () => new Response('guarded'));
    const transport = vi.fn(async () => new Response('plain'));
    const live = createConnectorRegistry({ config: config(), fetch: transport, sellerHostFetch: guard });
    expect(live.context('ideasoft').fetch).toBe(guard);
    expect(live.context('ticimax').fetch).toBe(guard);
    expect(live.context('trendyol').fetch).toBe(transport);
    // Without a test double the default is the real guard, never global fetch.
    expect(createConnectorRegistry({ config: config() }).context('ticimax').fetch).toBe(guardedFetch);
    const sandbox = createConnectorRegistry({ config: config({ marketplaceMode: 'sandbox' }), fetch: transport, sellerHostFetch: guard });
    expect(sandbox.context('ideasoft').fetch).toBe(transport);
  });

  it("builds Amazon's consent URL with our callback, and refuses without an application id", () => {
    const live = createConnectorRegistry({ config: config() });
    const url = new URL(live.amazon.consentUrl('EU', 'state-1'));
    expect(`${url.origin}${url.pathname}`).toBe('https://sellercentral.amazon.com.tr/apps/authorize/consent');
    expect(url.searchParams.get('redirect_uri')).toBe('https://portal.example.com/amazon-callback');
    expect(url.searchParams.get('application_id')).toBe('amzn1.sp.solution.app');

    const unconfigured = createConnectorRegistry({ config: config({ amazon: { ...amazonApp, applicationId: undefined } }) });
    expect(() => unconfigured.amazon.consentUrl('EU', 'state-1')).toThrow(ConnectorError);
  });

  it('serves sandbox URLs in-process and leaves every other URL to the network', async () => {
    const app = Fastify();
    app.post('/sandbox/trendyol/echo', async (request, reply) =>
      reply.header('x-seen', String(request.headers['x-probe'])).send({ got: request.body }),
    );
    await app.ready();
    const network = vi.fn(async () => new Response('from network'));
    const doFetch = sandboxFetch(app, 'https://portal.example.com', network);

    const local = await doFetch('https://portal.example.com/sandbox/trendyol/echo?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-probe': 'yes' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(local.status).toBe(200);
    expect(local.headers.get('x-seen')).toBe('yes');
    expect(await local.json()).toEqual({ got: { a: 1 } });
    expect(network).not.toHaveBeenCalled();

    expect(await (await doFetch('https://apigw.trendyol.com/x')).text()).toBe('from network');
    expect(network).toHaveBeenCalledTimes(1);
    await app.close();
  });
});

describe('sandbox mounting', () => {
  it('mounts no sandbox in live mode', async () => {
    const ctx = await createTestApp({ MARKETPLACE_MODE: 'live' });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/amazon/apps/authorize/consent?state=x' });
      expect(response.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('reads the Amazon application and the health interval from the environment', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'worq-registry-'));
    try {
      const live = loadConfig(
        testEnv(dir, { MARKETPLACE_MODE: 'live', AMAZON_APPLICATION_ID: 'amzn1.sp.solution.x', CONNECTION_HEALTH_INTERVAL_MINUTES: '30' }),
      );
      expect(live.amazon).toMatchObject({ applicationId: 'amzn1.sp.solution.x', lwaClientId: undefined, defaultRegion: 'EU' });
      expect(live.connectionHealthIntervalMinutes).toBe(30);
      const sandbox = loadConfig(testEnv(dir));
      expect(sandbox.amazon.applicationId).toBeTruthy();
      expect(sandbox.connectionHealthIntervalMinutes).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
