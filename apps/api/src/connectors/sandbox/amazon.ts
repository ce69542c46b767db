/**
 * Amazon sandbox under /sandbox/amazon: a Seller-Central-like consent page, Login with Amazon's
 * token endpoint and the two SP-API paths the connector uses, all under one prefix. The consent
 * page hands out the authorization code `sandbox`; only that code is exchanged, and only refresh
 * and access tokens this sandbox issued are accepted afterwards (stateless: they carry a prefix and
 * the selling partner id, whose store `amazon:{sellingPartnerId}` the orders come from). Both order
 * lists answer as their models describe (connectors/amazon-schema.ts validates every answer in
 * sandbox/amazon.test.ts): searchOrders (v2026-01-01) with the datasets asked for in includedData,
 * items with every order and paginationToken paging; getOrders (v0) without OrderTotal on Pending
 * orders. Both refuse a createdBefore later than two minutes before now, serve 100 per page and
 * answer 429 QuotaExceeded past their bucket (burst 20; one request every 3 minutes for
 * searchOrders, one a minute for getOrders; SANDBOX_AMAZON_RATE=off switches it off).
 * The page works under the app's Content-Security-Policy: no scripts, plain links, inline styles.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  amazonOrderStatusOf,
  amazonOrdersBurst,
  amazonOrdersPath,
  amazonOrdersRate,
  turkeyMarketplaceId,
  type AmazonOrdersApi,
} from '../amazon.ts';
import type { KnownOrderStatus } from '../types.ts';
import { callbackUrl, escapeHtml, themedPage, type ConsentPageTheme } from './consent-page.ts';
import { lira, openSandbox, sandboxSecret, sandboxTimeScale, type SandboxOptions } from './orders.ts';

/** The selling partner every sandbox authorization returns. */
export const sandboxSellingPartnerId = 'A2WORQSANDBOX1';
export const sandboxStoreName = 'WorqTrade Sandbox Store';

const refreshTokenPrefix = 'Atzr|sandbox.';
const accessTokenPrefix = 'Atza|sandbox.';
const maxResultsPerPage = 100;
const createdBeforeMarginMs = 2 * 60_000;

/** Seller Central's look. */
const theme: ConsentPageTheme = {
  lang: 'en',
  header: 'amazon <span>seller central</span> · sandbox',
  font: '"Amazon Ember", Arial, sans-serif',
  background: '#f3f3f3',
  text: '#0f1111',
  headerBackground: '#232f3e',
  headerParts: 'header span { color: #ff9900; }',
  panelBorder: '#d5d9d9',
  note: '#565959',
  buttonRadius: '20px',
  buttonBorder: '#888c8c',
  primaryButton: 'background: #ffd814; border-color: #fcd200;',
  focus: '#007185',
  error: '#b12704',
};
const page = (title: string, content: string) => themedPage(theme, title, content);

function consentPage(applicationId: string, authorizeHref: string, cancelHref: string): string {
  return page(
    'Amazon (sandbox) — authorize WorqTrade?',
    `<h1>Amazon (sandbox) — authorize WorqTrade?</h1>
<p lang="tr">WorqTrade uygulaması Amazon satıcı hesabınıza erişmek istiyor.</p>
<p>The application <strong>WorqTrade</strong> (<code>${escapeHtml(applicationId)}</code>) asks to access your selling account:</p>
<ul><li>Read your orders (Orders API)</li><li>Read the marketplaces you sell in (Sellers API)</li></ul>
<p class="note">This is the WorqTrade sandbox: no real Amazon account is involved. Authorize returns the code <code>sandbox</code>.</p>
<div class="actions">
<a class="button primary" href="${escapeHtml(authorizeHref)}">Authorize / Yetki ver</a>
<a class="button" href="${escapeHtml(cancelHref)}">Cancel / Vazgeç</a>
</div>`,
  );
}

function spApiError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ errors: [{ code, message, details: '' }] });
}

function lwaError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error_description: description, error });
}

interface PageCursor {
  after: number;
  before: number;
  offset: number;
}

const encodeCursor = (cursor: PageCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(token: string): PageCursor | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<PageCursor>;
    const { after, before, offset } = value;
    return typeof after === 'number' && typeof before === 'number' && typeof offset === 'number' ? { after, before, offset } : null;
  } catch {
    return null;
  }
}

export interface AmazonSandboxOptions extends SandboxOptions {
  /** getOrders burst (default 20; 0 switches the limit off; env SANDBOX_AMAZON_RATE=off). */
  amazonOrdersBurst?: number;
}

function amazonSandboxBurst(options: AmazonSandboxOptions): number {
  const env = process.env.SANDBOX_AMAZON_RATE?.trim().toLowerCase();
  return options.amazonOrdersBurst ?? (env === 'off' || env === 'false' ? 0 : amazonOrdersBurst);
}

/** The selling partner id inside a token this sandbox issued, or null. */
function sellerOfToken(token: unknown, prefix = accessTokenPrefix): string | null {
  if (typeof token !== 'string' || !token.startsWith(prefix)) return null;
  const rest = token.slice(prefix.length);
  const dot = rest.indexOf('.');
  return dot > 0 ? rest.slice(0, dot) : null;
}

export async function amazonSandbox(app: FastifyInstance, options: AmazonSandboxOptions): Promise<void> {
  const { clock, orders } = openSandbox(app, options, undefined, (request) => request.url.includes('/orders/'));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/apps/authorize/consent', async (request, reply) => {
    const { application_id: applicationId, state, redirect_uri: redirectUri } = request.query;
    const callback = callbackUrl(redirectUri, '/amazon-callback', options.publicUrl);
    reply.type('text/html; charset=utf-8');
    if (!applicationId || !state || !callback) {
      return reply
        .code(400)
        .send(
          page(
            'Amazon (sandbox) — invalid request',
            '<h1 class="error">We could not process this authorization request.</h1><p>application_id, state and a redirect_uri to the portal’s own /amazon-callback are required.</p>',
          ),
        );
    }
    const authorize = new URL(callback);
    authorize.searchParams.set('spapi_oauth_code', sandboxSecret);
    authorize.searchParams.set('state', state);
    authorize.searchParams.set('selling_partner_id', sandboxSellingPartnerId);
    const cancel = new URL(callback);
    cancel.searchParams.set('error', 'access_denied');
    cancel.searchParams.set('state', state);
    return reply.send(consentPage(applicationId, authorize.toString(), cancel.toString()));
  });

  app.post<{ Body: Record<string, string | undefined> | undefined }>('/auth/o2/token', async (request, reply) => {
    const form = request.body ?? {};
    if (typeof form !== 'object' || !form.client_id || !form.client_secret) {
      return lwaError(reply, 401, 'invalid_client', 'Client authentication failed');
    }
    // Tokens carry the selling partner id, so the SP-API paths know whose store is asked.
    const issue = (sellingPartnerId: string) =>
      ({
        access_token: `${accessTokenPrefix}${sellingPartnerId}.${randomBytes(24).toString('base64url')}`,
        token_type: 'bearer',
        expires_in: 3600,
      }) as const;
    if (form.grant_type === 'authorization_code') {
      if (form.code !== sandboxSecret) return lwaError(reply, 400, 'invalid_grant', 'The request has an invalid grant parameter : code');
      if (!form.redirect_uri) return lwaError(reply, 400, 'invalid_request', 'The request is missing a required parameter : redirect_uri');
      return {
        ...issue(sandboxSellingPartnerId),
        refresh_token: `${refreshTokenPrefix}${sandboxSellingPartnerId}.${randomBytes(24).toString('base64url')}`,
      };
    }
    if (form.grant_type === 'refresh_token') {
      const sellingPartnerId = sellerOfToken(form.refresh_token, refreshTokenPrefix);
      if (!sellingPartnerId) return lwaError(reply, 400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
      return issue(sellingPartnerId);
    }
    return lwaError(reply, 400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server');
  });

  const authorized = (token: string | string[] | undefined) => sellerOfToken(token) !== null;

  // A token bucket per order list and selling partner: burst 20, refilled at the list's rate (sped
  // up by the time scale; none at scale 0).
  const timeScale = sandboxTimeScale(options);
  const burst = timeScale > 0 ? amazonSandboxBurst(options) : 0;
  const rateOf = (api: AmazonOrdersApi) => amazonOrdersRate[api] / (timeScale || 1);
  const buckets = new Map<string, { tokens: number; at: number }>();
  const takeToken = (api: AmazonOrdersApi, sellingPartnerId: string): boolean => {
    if (!burst) return true;
    const now = clock();
    const key = `${api}\n${sellingPartnerId}`;
    const bucket = buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rateOf(api));
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };

  /** The orders of one page, or the refusal already sent. */
  const ordersPage = (
    reply: FastifyReply,
    sellingPartnerId: string,
    query: { marketplaceIds?: string; token?: string; createdAfter?: string; createdBefore?: string; pageSize?: string },
  ) => {
    const now = clock();
    let cursor: PageCursor | null;
    if (query.token) {
      cursor = decodeCursor(query.token);
      if (!cursor) return { refused: spApiError(reply, 400, 'InvalidInput', 'Invalid pagination token') };
    } else {
      if (!query.createdAfter)
        return { refused: spApiError(reply, 400, 'InvalidInput', 'Either createdAfter or lastUpdatedAfter must be specified') };
      const after = Date.parse(query.createdAfter);
      const before = query.createdBefore ? Date.parse(query.createdBefore) : now - createdBeforeMarginMs;
      if (!Number.isFinite(after) || !Number.isFinite(before))
        return { refused: spApiError(reply, 400, 'InvalidInput', 'Dates must be in ISO 8601 format') };
      if (before > now - createdBeforeMarginMs) {
        return {
          refused: spApiError(reply, 400, 'InvalidInput', 'createdBefore must be no later than two minutes before the time of the request'),
        };
      }
      cursor = { after, before, offset: 0 };
    }
    const pageSize = Math.min(Math.max(Number(query.pageSize) || maxResultsPerPage, 1), maxResultsPerPage);
    const all = (query.marketplaceIds ?? '').split(',').includes(turkeyMarketplaceId)
      ? orders(`amazon:${sellingPartnerId}`, cursor.after, cursor.before, now).filter((order) => order.status !== 'split')
      : [];
    const slice = all.slice(cursor.offset, cursor.offset + pageSize);
    const more = cursor.offset + pageSize < all.length;
    return { cursor, slice, nextToken: more ? encodeCursor({ ...cursor, offset: cursor.offset + pageSize }) : undefined };
  };

  /** The caller's selling partner with a token left in the list's bucket, or the refusal already sent. */
  const admit = (api: AmazonOrdersApi, token: string | string[] | undefined, reply: FastifyReply) => {
    const sellingPartnerId = sellerOfToken(token);
    if (!sellingPartnerId) return { refused: spApiError(reply, 403, 'Unauthorized', 'Access to requested resource is denied.') };
    reply.header('x-amzn-RateLimit-Limit', String(rateOf(api)));
    if (!takeToken(api, sellingPartnerId)) {
      return { refused: spApiError(reply, 429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.') };
    }
    return { sellingPartnerId };
  };

  app.get('/sellers/v1/marketplaceParticipations', async (request, reply) => {
    if (!authorized(request.headers['x-amz-access-token']))
      return spApiError(reply, 403, 'Unauthorized', 'Access to requested resource is denied.');
    return {
      payload: [
        {
          marketplace: {
            id: turkeyMarketplaceId,
            countryCode: 'TR',
            name: 'Amazon.com.tr',
            defaultCurrencyCode: 'TRY',
            defaultLanguageCode: 'tr_TR',
            domainName: 'www.amazon.com.tr',
          },
          participation: { isParticipating: true, hasSuspendedListings: false },
          storeName: sandboxStoreName,
        },
      ],
    };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(amazonOrdersPath['v2026-01-01'], async (request, reply) => {
    const admitted = admit('v2026-01-01', request.headers['x-amz-access-token'], reply);
    if (admitted.refused) return admitted.refused;
    const { marketplaceIds, paginationToken, createdAfter, createdBefore, maxResultsPerPage: pageSize, includedData } = request.query;
    if (request.query.lastUpdatedAfter && createdAfter) {
      return spApiError(reply, 400, 'InvalidInput', 'Exactly one of createdAfter and lastUpdatedAfter must be provided');
    }
    const page = ordersPage(reply, admitted.sellingPartnerId, {
      marketplaceIds,
      token: paginationToken,
      createdAfter,
      createdBefore,
      pageSize,
    });
    if (page.refused) return page.refused;
    // Each dataset comes only when asked for, as searchOrders does.
    const datasets = new Set((includedData ?? '').split(','));
    const money = (kurus: number) => ({ amount: lira(kurus).toFixed(2), currencyCode: 'TRY' });
    return {
      orders: page.slice.map((order) => {
        const status = order.status as KnownOrderStatus;
        const words = amazonOrderStatusOf[status];
        return {
          orderId: order.id,
          createdTime: order.orderedAt,
          lastUpdatedTime: order.lastModifiedAt,
          salesChannel: { channelName: 'AMAZON', marketplaceId: turkeyMarketplaceId, marketplaceName: 'Amazon.com.tr' },
          ...(datasets.has('PROCEEDS')
            ? { proceeds: { grandTotal: money(order.totalAmount), breakdowns: [{ type: 'ITEM', subtotal: money(order.totalAmount) }] } }
            : {}),
          ...(datasets.has('FULFILLMENT')
            ? { fulfillment: { fulfillmentStatus: words.fulfillmentStatus, fulfilledBy: 'MERCHANT', fulfillmentServiceLevel: 'STANDARD' } }
            : {}),
          orderItems: order.lines.map((line, index) => ({
            orderItemId: `${order.id.replace(/\D/g, '')}${index + 1}`,
            quantityOrdered: line.quantity,
            product: { sellerSku: line.sku, title: line.name, price: { unitPrice: money(line.unitPrice) } },
            ...(datasets.has('PROCEEDS') ? { proceeds: { proceedsTotal: money(line.unitPrice * line.quantity) } } : {}),
          })),
          ...(datasets.has('PACKAGES') && words.packageStatus
            ? { packages: [{ packageReferenceId: `PKG-${order.id}`, packageStatus: words.packageStatus, carrier: 'Amazon Shipping' }] }
            : {}),
        };
      }),
      ...(page.nextToken ? { pagination: { nextToken: page.nextToken } } : {}),
      createdBefore: new Date(page.cursor.before).toISOString(),
    };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(amazonOrdersPath.v0, async (request, reply) => {
    const admitted = admit('v0', request.headers['x-amz-access-token'], reply);
    if (admitted.refused) return admitted.refused;
    const { MarketplaceIds: marketplaceIds, NextToken: token, CreatedAfter: createdAfter, CreatedBefore: createdBefore } = request.query;
    if (!marketplaceIds) return spApiError(reply, 400, 'InvalidInput', 'Missing required parameter MarketplaceIds');
    const page = ordersPage(reply, admitted.sellingPartnerId, {
      marketplaceIds,
      token,
      createdAfter,
      createdBefore,
      pageSize: request.query.MaxResultsPerPage,
    });
    if (page.refused) return page.refused;
    return {
      payload: {
        Orders: page.slice.map((order) => {
          const status = order.status as KnownOrderStatus;
          const words = amazonOrderStatusOf[status];
          const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
          const sent = ['shipped', 'delivered', 'returned'].includes(status);
          // Amazon leaves OrderTotal out while an order is Pending.
          const pending = words.OrderStatus === 'Pending';
          return {
            AmazonOrderId: order.id,
            PurchaseDate: order.orderedAt,
            LastUpdateDate: order.lastModifiedAt,
            OrderStatus: words.OrderStatus,
            ...(words.EasyShipShipmentStatus ? { EasyShipShipmentStatus: words.EasyShipShipmentStatus } : {}),
            FulfillmentChannel: 'MFN',
            SalesChannel: 'Amazon.com.tr',
            ShipServiceLevel: 'Std TR Dom',
            ...(pending ? {} : { OrderTotal: { CurrencyCode: order.currency, Amount: lira(order.totalAmount).toFixed(2) } }),
            NumberOfItemsShipped: sent ? items : 0,
            NumberOfItemsUnshipped: sent ? 0 : items,
            PaymentMethod: 'Other',
            MarketplaceId: turkeyMarketplaceId,
            ShipmentServiceLevelCategory: 'Standard',
            OrderType: 'StandardOrder',
            IsBusinessOrder: false,
            IsPrime: false,
          };
        }),
        ...(page.nextToken ? { NextToken: page.nextToken } : {}),
        CreatedBefore: new Date(page.cursor.before).toISOString(),
      },
    };
  });
}
