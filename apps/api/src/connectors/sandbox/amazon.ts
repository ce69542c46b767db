/**
 * Amazon sandbox under /sandbox/amazon: a Seller-Central-like consent page, Login with Amazon's
 * token endpoint and the two SP-API paths the connector uses, all under one prefix. The consent
 * page hands out the authorization code `sandbox`; only that code is exchanged, and only refresh
 * and access tokens this sandbox issued are accepted afterwards (stateless: they carry a prefix and
 * the selling partner id, whose store `amazon:{sellingPartnerId}` the orders come from). getOrders
 * answers as Amazon does today: CreatedBefore at least two minutes before now, 100 per page with
 * NextToken, no OrderTotal on Pending orders, 429 QuotaExceeded past its bucket (burst 20, one
 * request a minute; SANDBOX_AMAZON_RATE=off switches it off).
 * The page works under the app's Content-Security-Policy: no scripts, plain links, inline styles.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { amazonOrderStatusOf, turkeyMarketplaceId } from '../amazon.ts';
import type { OrderStatus } from '../types.ts';
import { lira, pause, sandboxDelayMs, sandboxOrderScale, sandboxOrders, sandboxSecret, type SandboxOptions } from './orders.ts';

/** The selling partner every sandbox authorization returns. */
export const sandboxSellingPartnerId = 'A2WORQSANDBOX1';
export const sandboxStoreName = 'WorqTrade Sandbox Store';

const refreshTokenPrefix = 'Atzr|sandbox.';
const accessTokenPrefix = 'Atza|sandbox.';
const maxResultsPerPage = 100;
const createdBeforeMarginMs = 2 * 60_000;

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Only http(s) callbacks named like the app's own are followed, so the page is no open redirect. */
function callbackUrl(raw: string | undefined): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.endsWith('/amazon-callback') ? url : null;
  } catch {
    return null;
  }
}

const pageStyle = `
  body { margin: 0; font-family: "Amazon Ember", Arial, sans-serif; background: #f3f3f3; color: #0f1111; }
  header { background: #232f3e; color: #fff; padding: 14px 24px; font-size: 18px; font-weight: 700; }
  header span { color: #ff9900; }
  main { max-width: 560px; margin: 40px auto; background: #fff; border: 1px solid #d5d9d9; border-radius: 8px; padding: 28px 32px; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  p { line-height: 1.5; margin: 0 0 12px; }
  ul { margin: 0 0 20px; padding-left: 20px; line-height: 1.6; }
  .note { font-size: 13px; color: #565959; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  .button { display: inline-block; padding: 10px 22px; border-radius: 20px; text-decoration: none; font-size: 15px; border: 1px solid #888c8c; color: #0f1111; background: #fff; }
  .button.primary { background: #ffd814; border-color: #fcd200; font-weight: 700; }
  .button:focus-visible { outline: 3px solid #007185; outline-offset: 2px; }
  .error { color: #b12704; }
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${pageStyle}</style></head>
<body><header>amazon <span>seller central</span> · sandbox</header><main>${content}</main></body>
</html>`;
}

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

function amazonSandboxRate(options: AmazonSandboxOptions): { burst: number; perSecond: number } {
  const env = process.env.SANDBOX_AMAZON_RATE?.trim().toLowerCase();
  const burst = options.amazonOrdersBurst ?? (env === 'off' || env === 'false' ? 0 : 20);
  return { burst, perSecond: 0.0167 };
}

/** The selling partner id inside a token this sandbox issued, or null. */
function sellerOfToken(token: unknown, prefix = accessTokenPrefix): string | null {
  if (typeof token !== 'string' || !token.startsWith(prefix)) return null;
  const rest = token.slice(prefix.length);
  const dot = rest.indexOf('.');
  return dot > 0 ? rest.slice(0, dot) : null;
}

export async function amazonSandbox(app: FastifyInstance, options: AmazonSandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/apps/authorize/consent', async (request, reply) => {
    const { application_id: applicationId, state, redirect_uri: redirectUri } = request.query;
    const callback = callbackUrl(redirectUri);
    reply.type('text/html; charset=utf-8');
    if (!applicationId || !state || !callback) {
      return reply
        .code(400)
        .send(
          page(
            'Amazon (sandbox) — invalid request',
            '<h1 class="error">We could not process this authorization request.</h1><p>application_id, state and a redirect_uri ending in /amazon-callback are required.</p>',
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

  // getOrders' token bucket per selling partner: burst 20, one more a minute.
  const ordersRate = amazonSandboxRate(options);
  const buckets = new Map<string, { tokens: number; at: number }>();
  const takeToken = (sellingPartnerId: string): boolean => {
    if (!ordersRate.burst) return true;
    const clock = Date.now();
    const bucket = buckets.get(sellingPartnerId) ?? { tokens: ordersRate.burst, at: clock };
    bucket.tokens = Math.min(ordersRate.burst, bucket.tokens + ((clock - bucket.at) / 1000) * ordersRate.perSecond);
    bucket.at = clock;
    buckets.set(sellingPartnerId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
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

  app.get<{ Querystring: Record<string, string | undefined> }>('/orders/v0/orders', async (request, reply) => {
    const sellingPartnerId = sellerOfToken(request.headers['x-amz-access-token']);
    if (!sellingPartnerId) return spApiError(reply, 403, 'Unauthorized', 'Access to requested resource is denied.');
    reply.header('x-amzn-RateLimit-Limit', String(ordersRate.perSecond));
    if (!takeToken(sellingPartnerId)) {
      return spApiError(reply, 429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.');
    }
    const {
      MarketplaceIds: marketplaceIds,
      NextToken: nextToken,
      CreatedAfter: createdAfter,
      CreatedBefore: createdBefore,
    } = request.query;
    if (!marketplaceIds) return spApiError(reply, 400, 'InvalidInput', 'Missing required parameter MarketplaceIds');
    const now = options.now?.() ?? Date.now();
    let cursor: PageCursor | null;
    if (nextToken) {
      cursor = decodeCursor(nextToken);
      if (!cursor) return spApiError(reply, 400, 'InvalidInput', 'Invalid NextToken');
    } else {
      if (!createdAfter) return spApiError(reply, 400, 'InvalidInput', 'Either CreatedAfter or LastUpdatedAfter must be specified');
      const after = Date.parse(createdAfter);
      const before = createdBefore ? Date.parse(createdBefore) : now - createdBeforeMarginMs;
      if (!Number.isFinite(after) || !Number.isFinite(before))
        return spApiError(reply, 400, 'InvalidInput', 'Dates must be in ISO 8601 format');
      if (before > now - createdBeforeMarginMs) {
        return spApiError(reply, 400, 'InvalidInput', 'CreatedBefore must be no later than two minutes before the time of the request');
      }
      cursor = { after, before, offset: 0 };
    }
    const pageSize = Math.min(Math.max(Number(request.query.MaxResultsPerPage) || maxResultsPerPage, 1), maxResultsPerPage);
    const all = marketplaceIds.split(',').includes(turkeyMarketplaceId)
      ? sandboxOrders(`amazon:${sellingPartnerId}`, new Date(cursor.after), new Date(cursor.before), {
          now: new Date(now),
          scale: sandboxOrderScale(options),
        }).filter((order) => order.status !== 'split')
      : [];
    const slice = all.slice(cursor.offset, cursor.offset + pageSize);
    const more = cursor.offset + pageSize < all.length;
    return {
      payload: {
        Orders: slice.map((order) => {
          const status = order.status as OrderStatus;
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
        ...(more ? { NextToken: encodeCursor({ ...cursor, offset: cursor.offset + pageSize }) } : {}),
        CreatedBefore: new Date(cursor.before).toISOString(),
      },
    };
  });
}
