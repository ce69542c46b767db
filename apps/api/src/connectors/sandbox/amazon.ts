/**
 * Amazon sandbox under /sandbox/amazon: a Seller-Central-like consent page, Login with Amazon's
 * token endpoint and the two SP-API paths the connector uses, all under one prefix. The consent
 * page hands out the authorization code `sandbox`; only that code is exchanged, and only refresh
 * and access tokens this sandbox issued are accepted afterwards (stateless: they carry a prefix).
 * The page works under the app's Content-Security-Policy: no scripts, plain links, inline styles.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { amazonOrderStatusOf, turkeyMarketplaceId } from '../amazon.ts';
import { lira, pause, sandboxDelayMs, sandboxOrderDetail, sandboxOrders, sandboxSecret, type SandboxOptions } from './orders.ts';

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

export async function amazonSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
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
        .send(page('Amazon (sandbox) — invalid request', '<h1 class="error">We could not process this authorization request.</h1><p>application_id, state and a redirect_uri ending in /amazon-callback are required.</p>'));
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
    const issue = () =>
      ({ access_token: `${accessTokenPrefix}${randomBytes(24).toString('base64url')}`, token_type: 'bearer', expires_in: 3600 }) as const;
    if (form.grant_type === 'authorization_code') {
      if (form.code !== sandboxSecret) return lwaError(reply, 400, 'invalid_grant', 'The request has an invalid grant parameter : code');
      if (!form.redirect_uri) return lwaError(reply, 400, 'invalid_request', 'The request is missing a required parameter : redirect_uri');
      return { ...issue(), refresh_token: `${refreshTokenPrefix}${sandboxSellingPartnerId}.${randomBytes(24).toString('base64url')}` };
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token?.startsWith(refreshTokenPrefix)) {
        return lwaError(reply, 400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
      }
      return issue();
    }
    return lwaError(reply, 400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server');
  });

  const authorized = (token: string | string[] | undefined) => typeof token === 'string' && token.startsWith(accessTokenPrefix);

  app.get('/sellers/v1/marketplaceParticipations', async (request, reply) => {
    if (!authorized(request.headers['x-amz-access-token'])) return spApiError(reply, 403, 'Unauthorized', 'Access to requested resource is denied.');
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
    if (!authorized(request.headers['x-amz-access-token'])) return spApiError(reply, 403, 'Unauthorized', 'Access to requested resource is denied.');
    reply.header('x-amzn-RateLimit-Limit', '0.0167');
    const { MarketplaceIds: marketplaceIds, NextToken: nextToken, CreatedAfter: createdAfter, CreatedBefore: createdBefore } = request.query;
    if (!marketplaceIds) return spApiError(reply, 400, 'InvalidInput', 'Missing required parameter MarketplaceIds');
    const now = Date.now();
    let cursor: PageCursor | null;
    if (nextToken) {
      cursor = decodeCursor(nextToken);
      if (!cursor) return spApiError(reply, 400, 'InvalidInput', 'Invalid NextToken');
    } else {
      if (!createdAfter) return spApiError(reply, 400, 'InvalidInput', 'Either CreatedAfter or LastUpdatedAfter must be specified');
      const after = Date.parse(createdAfter);
      const before = createdBefore ? Date.parse(createdBefore) : now - createdBeforeMarginMs;
      if (!Number.isFinite(after) || !Number.isFinite(before)) return spApiError(reply, 400, 'InvalidInput', 'Dates must be in ISO 8601 format');
      if (before > now - createdBeforeMarginMs) {
        return spApiError(reply, 400, 'InvalidInput', 'CreatedBefore must be no later than two minutes before the time of the request');
      }
      cursor = { after, before, offset: 0 };
    }
    const pageSize = Math.min(Math.max(Number(request.query.MaxResultsPerPage) || maxResultsPerPage, 1), maxResultsPerPage);
    const all = marketplaceIds.split(',').includes(turkeyMarketplaceId)
      ? sandboxOrders(`amazon:${sandboxSellingPartnerId}`, new Date(cursor.after), new Date(cursor.before), new Date(now))
      : [];
    const slice = all.slice(cursor.offset, cursor.offset + pageSize);
    const more = cursor.offset + pageSize < all.length;
    return {
      payload: {
        Orders: slice.map((order) => {
          const words = amazonOrderStatusOf[order.status] ?? { OrderStatus: 'Pending' };
          const sent = ['shipped', 'delivered', 'returned'].includes(order.status);
          const detail = sandboxOrderDetail(order);
          return {
            AmazonOrderId: order.id,
            PurchaseDate: order.orderedAt,
            LastUpdateDate: order.orderedAt,
            OrderStatus: words.OrderStatus,
            ...(words.EasyShipShipmentStatus ? { EasyShipShipmentStatus: words.EasyShipShipmentStatus } : {}),
            FulfillmentChannel: 'MFN',
            SalesChannel: 'Amazon.com.tr',
            ShipServiceLevel: 'Std TR Dom',
            OrderTotal: { CurrencyCode: order.currency, Amount: lira(order.totalAmount).toFixed(2) },
            NumberOfItemsShipped: sent ? order.itemCount : 0,
            NumberOfItemsUnshipped: sent ? 0 : order.itemCount,
            PaymentMethod: 'Other',
            MarketplaceId: turkeyMarketplaceId,
            ShipmentServiceLevelCategory: 'Standard',
            OrderType: 'StandardOrder',
            IsBusinessOrder: false,
            IsPrime: false,
            ShippingAddress: { City: detail.city, County: detail.district, CountryCode: 'TR' },
          };
        }),
        ...(more ? { NextToken: encodeCursor({ ...cursor, offset: cursor.offset + pageSize }) } : {}),
        CreatedBefore: new Date(cursor.before).toISOString(),
      },
    };
  });
}
