/**
 * Maps a marketplace code to its connector and to the context its calls need. Base URL order:
 * config.marketplaceBaseUrls[code], else (sandbox mode) this server's /sandbox/{code}, else the
 * connector's live default.
 *
 * In sandbox mode the connectors reach the sandbox through `sandboxFetch`, which hands requests
 * for `<publicUrl>/sandbox/…` to Fastify's `inject` instead of the network: the connectors' real
 * HTTP code still runs (headers, status mapping, retries), yet no listening port is needed, so the
 * same path works in tests, behind a proxy and whatever address the server listens on.
 *
 * In live mode, Ideasoft and Ticimax call the store address the seller typed: their calls go
 * through the outbound guard (connectors/outbound-guard.ts, ARCHITECTURE.md §8) unless the
 * operator configured a base URL (refused in production by config.ts).
 */
import type { FastifyInstance } from 'fastify';
import { amazonRegions, isAmazonRegion, type AmazonRegion } from '@worq/domain/wire/choices';
import type { Config, MarketplaceCode } from '../config.ts';
import {
  amazonConnector,
  amazonConsentUrl,
  defaultBaseUrl as amazonDefaultBaseUrl,
  exchangeAmazonAuthorizationCode,
  lwaBaseUrlOf,
  type AmazonContext,
} from './amazon.ts';
import { ciceksepetiConnector, defaultBaseUrl as ciceksepetiDefaultBaseUrl, type CiceksepetiContext } from './ciceksepeti.ts';
import { hepsiburadaConnector, defaultBaseUrl as hepsiburadaDefaultBaseUrl, type HepsiburadaContext } from './hepsiburada.ts';
import { guardedFetch } from './outbound-guard.ts';
import {
  ideasoftConnector,
  defaultBaseUrl as ideasoftDefaultBaseUrl,
  exchangeIdeasoftCode,
  ideasoftAuthorizeUrl,
  type IdeasoftTokens,
} from './ideasoft.ts';
import { n11Connector, defaultBaseUrl as n11DefaultBaseUrl, type N11Context } from './n11.ts';
import { defaultSandboxTimeScale } from './sandbox/orders.ts';
import { ticimaxConnector, defaultBaseUrl as ticimaxDefaultBaseUrl } from './ticimax.ts';
import { trendyolConnector, defaultBaseUrl as trendyolDefaultBaseUrl, type TrendyolContext } from './trendyol.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials } from './types.ts';

export const connectors: Record<MarketplaceCode, Connector> = {
  trendyol: trendyolConnector,
  hepsiburada: hepsiburadaConnector,
  n11: n11Connector,
  ciceksepeti: ciceksepetiConnector,
  amazon: amazonConnector,
  ideasoft: ideasoftConnector,
  ticimax: ticimaxConnector,
};

/**
 * Live hosts. Ideasoft and Ticimax live on the seller's own domain, so their connectors take the
 * store address from the credentials and their default is only a fallback.
 */
const liveBaseUrls: Record<Exclude<MarketplaceCode, 'amazon'>, string> = {
  trendyol: trendyolDefaultBaseUrl,
  hepsiburada: hepsiburadaDefaultBaseUrl,
  n11: n11DefaultBaseUrl,
  ciceksepeti: ciceksepetiDefaultBaseUrl,
  ideasoft: ideasoftDefaultBaseUrl,
  ticimax: ticimaxDefaultBaseUrl,
};

export const marketplaceRegions: Partial<Record<MarketplaceCode, readonly AmazonRegion[]>> = {
  amazon: amazonRegions,
};

export function isMarketplaceCode(code: string): code is MarketplaceCode {
  return Object.prototype.hasOwnProperty.call(connectors, code);
}

export interface ConnectorRegistryOptions {
  config: Pick<Config, 'marketplaceMode' | 'marketplaceBaseUrls' | 'publicUrl'> & {
    amazon: Omit<Config['amazon'], 'draft' | 'ordersApi'> & Partial<Pick<Config['amazon'], 'draft' | 'ordersApi'>>;
  } & Partial<
      Pick<
        Config,
        | 'hepsiburadaUserAgent'
        | 'ciceksepetiMinIntervalMs'
        | 'ciceksepetiRequestDates'
        | 'trendyolIntegratorName'
        | 'trendyolOrderHistoryDays'
        | 'trendyolStreamIntervalMs'
        | 'n11'
        | 'sandboxTimeScale'
      >
    >;
  /** The transport the connectors use; defaults to global fetch. */
  fetch?: typeof fetch;
  /** The transport of live calls to seller-typed hosts; defaults to the outbound guard. */
  sellerHostFetch?: typeof fetch;
}

/** Marketplaces whose API lives on a host the seller typed. */
const sellerHosted: ReadonlySet<MarketplaceCode> = new Set(['ideasoft', 'ticimax']);

export interface AmazonAuthorization {
  consentUrl(region: AmazonRegion, state: string): string;
  /** Trades the consent page's code for the seller's refresh token. Throws ConnectorError. */
  exchangeCode(code: string): Promise<{ refreshToken: string }>;
}

/** Ideasoft's authorization-code flow on the seller's own store (connectors/ideasoft.ts). */
export interface IdeasoftAuthorization {
  /** Our callback page; the seller registers it as the API client's redirect URI. */
  redirectUri: string;
  /** The store's consent page (in sandbox mode this server's /sandbox/ideasoft/panel/auth). */
  authorizeUrl(storeUrl: string, clientId: string, state: string): string;
  /** Trades the code for the first token pair; `client` holds store_url, client_id, client_secret. */
  exchangeCode(client: Credentials, code: string, signal?: AbortSignal): Promise<IdeasoftTokens>;
}

export interface ConnectorRegistry {
  connector(code: MarketplaceCode): Connector;
  /** The context of one call; `region` picks Amazon's regional host. */
  context(code: MarketplaceCode, region?: string | null): ConnectorContext;
  amazon: AmazonAuthorization;
  /** Where the browser is sent back after the Amazon consent page. */
  amazonRedirectUri: string;
  ideasoft: IdeasoftAuthorization;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function sandboxBaseUrl(publicUrl: string, code: MarketplaceCode): string {
  return `${trimSlash(publicUrl)}/sandbox/${code}`;
}

export function createConnectorRegistry({
  config,
  fetch: transport,
  sellerHostFetch = guardedFetch,
}: ConnectorRegistryOptions): ConnectorRegistry {
  const sandbox = config.marketplaceMode === 'sandbox';
  const amazonRedirectUri = `${trimSlash(config.publicUrl)}/amazon-callback`;

  const baseUrl = (code: MarketplaceCode, region?: string | null): string => {
    const configured = config.marketplaceBaseUrls[code];
    if (configured) return trimSlash(configured);
    if (sandbox) return sandboxBaseUrl(config.publicUrl, code);
    if (code === 'amazon') return amazonDefaultBaseUrl[isAmazonRegion(region) ? region : config.amazon.defaultRegion];
    return trimSlash(liveBaseUrls[code]);
  };

  const context = (code: MarketplaceCode, region?: string | null): ConnectorContext => {
    const guarded = !sandbox && sellerHosted.has(code) && !config.marketplaceBaseUrls[code];
    const doFetch = guarded ? sellerHostFetch : transport;
    // Against the built-in sandbox, every wait runs at the sandbox's time scale, as the sandbox's own do.
    const builtInSandbox = sandbox && !config.marketplaceBaseUrls[code];
    const ctx: ConnectorContext = {
      baseUrl: baseUrl(code, region),
      ...(doFetch ? { fetch: doFetch } : {}),
      ...(builtInSandbox ? { timeScale: config.sandboxTimeScale ?? defaultSandboxTimeScale } : {}),
    };
    if (code === 'trendyol') {
      const trendyolCtx: TrendyolContext = {
        ...ctx,
        ...(config.trendyolIntegratorName ? { integratorName: config.trendyolIntegratorName } : {}),
        ...(config.trendyolOrderHistoryDays ? { historyDays: config.trendyolOrderHistoryDays } : {}),
        ...(config.trendyolStreamIntervalMs !== undefined ? { streamIntervalMs: config.trendyolStreamIntervalMs } : {}),
      };
      return trendyolCtx;
    }
    if (code === 'hepsiburada') {
      const hepsiburadaCtx: HepsiburadaContext = {
        ...ctx,
        ...(config.hepsiburadaUserAgent ? { userAgent: config.hepsiburadaUserAgent } : {}),
      };
      return hepsiburadaCtx;
    }
    if (code === 'ciceksepeti') {
      const ciceksepetiCtx: CiceksepetiContext = {
        ...ctx,
        ...(config.ciceksepetiMinIntervalMs !== undefined ? { minIntervalMs: config.ciceksepetiMinIntervalMs } : {}),
        ...(config.ciceksepetiRequestDates ? { requestDates: config.ciceksepetiRequestDates } : {}),
      };
      return ciceksepetiCtx;
    }
    if (code === 'n11') {
      const n11Ctx: N11Context = {
        ...ctx,
        ...(config.n11?.senders ? { senders: config.n11.senders } : {}),
        ...(config.n11?.wallClockEpochs !== undefined ? { wallClockEpochs: config.n11.wallClockEpochs } : {}),
      };
      return n11Ctx;
    }
    if (code !== 'amazon') return ctx;
    const amazonCtx: AmazonContext = {
      ...ctx,
      ...(config.amazon.lwaClientId ? { clientId: config.amazon.lwaClientId } : {}),
      ...(config.amazon.lwaClientSecret ? { clientSecret: config.amazon.lwaClientSecret } : {}),
      ...(config.amazon.ordersApi ? { ordersApi: config.amazon.ordersApi } : {}),
      // The sandbox serves Login with Amazon under its own prefix; a configured SP-API host leaves
      // the choice to the connector (Amazon's own LWA for Amazon hosts, the same server otherwise).
      ...(config.marketplaceBaseUrls.amazon
        ? {}
        : { lwaBaseUrl: sandbox ? sandboxBaseUrl(config.publicUrl, 'amazon') : amazonDefaultBaseUrl.lwa }),
    };
    return amazonCtx;
  };

  const amazon: AmazonAuthorization = {
    consentUrl(region, state) {
      if (!config.amazon.applicationId) {
        throw new ConnectorError('unexpected', 'amazon_authorization_failed', 'AMAZON_APPLICATION_ID is not configured');
      }
      return amazonConsentUrl({
        region,
        state,
        applicationId: config.amazon.applicationId,
        redirectUri: amazonRedirectUri,
        draft: config.amazon.draft === true,
        ...(sandbox ? { sellerCentralBase: sandboxBaseUrl(config.publicUrl, 'amazon') } : {}),
      });
    },
    async exchangeCode(code) {
      const ctx = context('amazon') as AmazonContext;
      if (!config.amazon.lwaClientId || !config.amazon.lwaClientSecret) {
        throw new ConnectorError('unexpected', 'amazon_authorization_failed', 'Amazon LWA client is not configured');
      }
      return exchangeAmazonAuthorizationCode(code, {
        ...ctx,
        // The same host token refresh uses: a configured stand-in answers both.
        lwaBaseUrl: lwaBaseUrlOf(ctx),
        clientId: config.amazon.lwaClientId,
        clientSecret: config.amazon.lwaClientSecret,
        redirectUri: amazonRedirectUri,
      });
    },
  };

  const ideasoftRedirectUri = `${trimSlash(config.publicUrl)}/ideasoft-callback`;
  const ideasoft: IdeasoftAuthorization = {
    redirectUri: ideasoftRedirectUri,
    authorizeUrl: (storeUrl, clientId, state) =>
      ideasoftAuthorizeUrl({ storeUrl, clientId, state, redirectUri: ideasoftRedirectUri, baseUrl: baseUrl('ideasoft') }),
    exchangeCode: (client, code, signal) =>
      exchangeIdeasoftCode(client, code, ideasoftRedirectUri, { ...context('ideasoft'), ...(signal ? { signal } : {}) }),
  };

  return {
    connector: (code) => connectors[code],
    context,
    amazon,
    amazonRedirectUri,
    ideasoft,
  };
}

const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * A fetch that serves `<publicUrl>/sandbox/…` from this very app through `inject` and sends
 * everything else to the network.
 */
export function sandboxFetch(app: FastifyInstance, publicUrl: string, network: typeof fetch = fetch): typeof fetch {
  const prefix = `${trimSlash(publicUrl)}/sandbox/`;
  return async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(prefix)) return network(input, init);
    request.signal.throwIfAborted();
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const injected = app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const aborted = new Promise<never>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason ?? new Error('aborted')), { once: true });
    });
    // A timeout that fires after the answer came must not surface as an unhandled rejection.
    aborted.catch(() => {});
    const answer = await Promise.race([injected, aborted]);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(nullBodyStatuses.has(answer.statusCode) ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers,
    });
  };
}
