/**
 * Ideasoft sandbox under /sandbox/ideasoft: one store's consent page, OAuth2 token endpoint and the
 * two admin-API lists the connector reads. In sandbox mode every store address maps here.
 * - `GET /panel/auth?client_id&response_type=code&state&redirect_uri`: an HTML consent page; its
 *   approve link goes back to `redirect_uri` with `code=sandbox-…&state`, its cancel link with
 *   `error=access_denied&state`. Only callbacks ending in /ideasoft-callback are followed, so the
 *   page is no open redirect. No scripts (the app's Content-Security-Policy holds).
 * - `POST /oauth/v2/token`: client secret `sandbox` (or `sandbox-…`, so tests can spot a leaked
 *   secret) for any client id; `authorization_code` takes a
 *   code this page issued to the same client and redirect URI, once, within ten minutes;
 *   `refresh_token` takes a refresh token issued to the client, once (every grant hands out a new
 *   pair and the spent refresh token stops working, as Ideasoft's do); `client_credentials` is
 *   refused with `unauthorized_client` as the store's OAuth server refuses it. Errors follow the
 *   OAuth server's JSON shape `{error, error_description}`.
 * - Access tokens last 24 hours by the sandbox clock (`options.now`) and carry the client id, so the
 *   admin API knows whose store it reads; orders are per client id.
 * - `GET /admin-api/orders` takes the documented query (`ideasoftOrdersQuery`: limit 1–100, default
 *   20; page from 1; sort id/-id; status; whole-day createdAt filters) and answers a bare array of
 *   orders in the shape of ideasoft-schema.ts, which sandbox/ideasoft.test.ts checks.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { istanbulIsoTime, parseIstanbulLocal } from '@worq/domain/calendar';
import { ideasoftOrdersQuery } from '../ideasoft-schema.ts';
import { ideasoftStatusOf } from '../ideasoft.ts';
import { callbackUrl, escapeHtml, themedPage, type ConsentPageTheme } from './consent-page.ts';
import { lira, openSandbox, sandboxSecret, stableNumber, type SandboxOptions, type SandboxPackage } from './orders.ts';

const dayMs = 86_400_000;
const accessTokenSeconds = 86_400;
const codeLifetimeMs = 10 * 60_000;

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
const nonce = () => randomBytes(18).toString('base64url');

/** The store key of the orders generator for a client id. */
export const ideasoftSandboxStoreKey = (clientId: string) => `ideasoft:${clientId}`;

function parts(token: string | undefined, prefix: string, count: number): string[] | null {
  const split = token?.split('.') ?? [];
  return split.length === count && split[0] === prefix ? split : null;
}

/** The store panel's look. */
const theme: ConsentPageTheme = {
  lang: 'tr',
  header: 'IdeaSoft · yönetim paneli · sandbox',
  font: 'Arial, sans-serif',
  background: '#f4f6f9',
  text: '#1f2933',
  headerBackground: '#ff6000',
  panelBorder: '#d9dee5',
  note: '#52606d',
  buttonRadius: '6px',
  buttonBorder: '#9aa5b1',
  primaryButton: 'background: #ff6000; border-color: #ff6000; color: #fff;',
  focus: '#1f6feb',
  error: '#b42318',
};
const page = (title: string, content: string) => themedPage(theme, title, content);

function consentPage(clientId: string, approveHref: string, cancelHref: string): string {
  return page(
    'Ideasoft (sandbox) — uygulamaya izin verilsin mi?',
    `<h1>Uygulamaya izin verilsin mi?</h1>
<p><code>${escapeHtml(clientId)}</code> istemcisi mağazanızın yönetim API'sine erişmek istiyor:</p>
<ul><li>Siparişleri okuma</li><li>Ürünleri okuma</li></ul>
<p lang="en">The API client <code>${escapeHtml(clientId)}</code> asks to access your store's admin API (orders and products, read only).</p>
<p class="note">Bu, WorqTrade sandbox'ıdır; gerçek bir Ideasoft mağazası kullanılmaz. This is the WorqTrade sandbox.</p>
<div class="actions">
<a class="button primary" href="${escapeHtml(approveHref)}">İzin ver / Approve</a>
<a class="button" href="${escapeHtml(cancelHref)}">Vazgeç / Cancel</a>
</div>`,
  );
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

/** `2024-05-01T14:20:00+03:00`: Ideasoft writes times with the store's offset. */
function turkeyTime(ms: number): string {
  return istanbulIsoTime(ms);
}

/** Start of a yyyy-mm-dd day in Turkey time, as epoch ms. */
function turkeyDayStart(day: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseIstanbulLocal(`${day}T00:00:00`) : NaN;
}

const firstNames = ['Ayşe', 'Mehmet', 'Zeynep', 'Mustafa', 'Elif', 'Ahmet', 'Fatma', 'Emre'];
const lastNames = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk'];

export async function ideasoftSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  // The admin API takes only an access token this sandbox issued and that has not expired.
  const {
    clock: now,
    orders,
    ordersById,
  } = openSandbox(
    app,
    options,
    (request) =>
      !request.url.includes('/admin-api/') || bearerClient(request)
        ? null
        : { status: 401, body: { error: 'invalid_grant', error_description: 'The access token provided is invalid.' } },
    (request) => request.url.includes('/admin-api/orders'),
  );
  // Single use: spent codes and refresh tokens of this sandbox instance.
  const spent = new Set<string>();
  const spend = (token: string) => {
    spent.add(token);
    if (spent.size > 50_000) spent.delete(spent.values().next().value!);
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const accessToken = (clientId: string) => `sbx.${b64(clientId)}.${Math.floor(now() / 1000) + accessTokenSeconds}.${nonce()}`;
  const refreshToken = (clientId: string) => `sbxr.${b64(clientId)}.${nonce()}`;
  const tokenPair = (clientId: string) => ({
    access_token: accessToken(clientId),
    expires_in: accessTokenSeconds,
    token_type: 'bearer',
    scope: null,
    refresh_token: refreshToken(clientId),
  });

  function bearerClient(request: FastifyRequest): string | null {
    const header = request.headers.authorization ?? '';
    const token = parts(header.startsWith('Bearer ') ? header.slice(7).trim() : undefined, 'sbx', 4);
    if (!token || !(Number(token[2]) * 1000 > now())) return null;
    return unb64(token[1]!) || null;
  }

  app.get<{ Querystring: Record<string, string | undefined> }>('/panel/auth', async (request, reply) => {
    const { client_id: clientId, response_type: responseType, state, redirect_uri: redirectUri } = request.query;
    const callback = callbackUrl(redirectUri, '/ideasoft-callback', options.publicUrl);
    reply.type('text/html; charset=utf-8');
    if (!clientId || responseType !== 'code' || !state || !callback) {
      return reply
        .code(400)
        .send(
          page(
            'Ideasoft (sandbox) — geçersiz istek',
            '<h1 class="error">Yetkilendirme isteği işlenemedi.</h1><p>client_id, response_type=code, state and a redirect_uri to the portal’s own /ideasoft-callback are required.</p>',
          ),
        );
    }
    const code = `sandbox-${b64(JSON.stringify({ c: clientId, r: redirectUri, e: now() + codeLifetimeMs }))}.${nonce()}`;
    const approve = new URL(callback);
    approve.searchParams.set('code', code);
    approve.searchParams.set('state', state);
    const cancel = new URL(callback);
    cancel.searchParams.set('error', 'access_denied');
    cancel.searchParams.set('error_description', 'The user denied access to your application');
    cancel.searchParams.set('state', state);
    return consentPage(clientId, approve.toString(), cancel.toString());
  });

  app.post<{ Body: Record<string, string | undefined> | undefined }>('/oauth/v2/token', async (request, reply) => {
    const form = request.body ?? {};
    const clientId = form.client_id?.trim();
    const secretOk = form.client_secret === sandboxSecret || form.client_secret?.startsWith(`${sandboxSecret}-`);
    if (!clientId || !secretOk) return oauthError(reply, 400, 'invalid_client', 'The client credentials are invalid');
    switch (form.grant_type) {
      case 'authorization_code': {
        const code = form.code ?? '';
        const payload = /^sandbox-([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/.exec(code)?.[1];
        let issued: { c?: string; r?: string; e?: number } = {};
        try {
          issued = payload ? (JSON.parse(unb64(payload)) as typeof issued) : {};
        } catch {
          issued = {};
        }
        if (issued.c !== clientId || spent.has(code) || !(Number(issued.e) > now())) {
          return oauthError(reply, 400, 'invalid_grant', "The authorization code has expired or doesn't exist");
        }
        if (issued.r !== form.redirect_uri)
          return oauthError(reply, 400, 'redirect_uri_mismatch', 'The redirect URI parameter is required or does not match');
        spend(code);
        break;
      }
      case 'refresh_token': {
        const token = parts(form.refresh_token, 'sbxr', 3);
        if (!token || unb64(token[1]!) !== clientId || spent.has(form.refresh_token!)) {
          return oauthError(reply, 400, 'invalid_grant', 'Invalid refresh token');
        }
        spend(form.refresh_token!);
        break;
      }
      case 'client_credentials':
      case 'password':
        return oauthError(reply, 400, 'unauthorized_client', 'The grant type is unauthorized for this client_id');
      default:
        return oauthError(reply, 400, 'invalid_request', 'Invalid grant_type parameter or parameter missing');
    }
    return tokenPair(clientId);
  });

  app.get('/admin-api/products', async (request) => {
    const clientId = bearerClient(request) ?? '';
    const id = stableNumber(`ideasoft-product:${clientId}`) % 100_000;
    return [
      {
        id,
        name: 'Pamuklu Basic Tişört',
        fullName: 'Pamuklu Basic Tişört',
        slug: 'pamuklu-basic-tisort',
        sku: 'TSH-PMK-01',
        barcode: null,
        stockAmount: 42,
        price1: 249.9,
        currency: { id: 1, label: 'TL', abbr: 'TRY' },
        status: 1,
        createdAt: turkeyTime(now() - 200 * dayMs),
        updatedAt: turkeyTime(now() - 3 * dayMs),
      },
    ];
  });

  const wordOf = (order: SandboxPackage) => (order.status === 'split' ? ideasoftStatusOf.cancelled : ideasoftStatusOf[order.status]);
  // Sorted once per answer of the generator (an import's pages ask for the same range in turn).
  const sorted = new WeakMap<readonly SandboxPackage[], Map<string, SandboxPackage[]>>();
  const byId = (storeKey: string, start: number, end: number, at: number, status: string | undefined): readonly SandboxPackage[] => {
    const placed = orders(storeKey, start, end, at);
    const byStatus = sorted.get(placed) ?? new Map<string, SandboxPackage[]>();
    sorted.set(placed, byStatus);
    let list = byStatus.get(status ?? '');
    if (!list) {
      list = placed.filter((order) => !status || wordOf(order) === status).sort((a, b) => Number(a.id) - Number(b.id));
      byStatus.set(status ?? '', list);
    }
    return list;
  };

  /**
   * One page of the store's orders by id. Without a status filter only the page's days are
   * generated (ordersById): a backfill's 500 pages of a year never hold the year's orders.
   */
  const pageOf = (
    storeKey: string,
    start: number,
    end: number,
    at: number,
    status: string | undefined,
    sort: 'id' | '-id' | undefined,
    pageNumber: number,
    limit: number,
  ): SandboxPackage[] => {
    if (status) {
      const all = byId(storeKey, start, end, at, status);
      return sort === '-id'
        ? all.slice(Math.max(0, all.length - pageNumber * limit), Math.max(0, all.length - (pageNumber - 1) * limit)).reverse()
        : all.slice((pageNumber - 1) * limit, pageNumber * limit);
    }
    if (sort !== '-id') return ordersById(storeKey, start, end, at, (pageNumber - 1) * limit, limit).packages;
    const { total } = ordersById(storeKey, start, end, at, 0, 0);
    const from = Math.max(0, total - pageNumber * limit);
    const to = Math.max(0, total - (pageNumber - 1) * limit);
    return ordersById(storeKey, start, end, at, from, to - from).packages.reverse();
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/admin-api/orders', async (request, reply) => {
    const clientId = bearerClient(request) ?? '';
    const query = ideasoftOrdersQuery.safeParse(request.query);
    if (!query.success) {
      // Ideasoft's answer to a bad parameter is undocumented; the connector reads any 4xx but 401 as unexpected.
      return reply.code(400).send({ errorCode: 'INVALID_PARAMETER', errorMessage: query.error.issues[0]?.message ?? 'invalid query' });
    }
    const { limit, page: pageNumber, sort, status, startCreatedAt, endCreatedAt } = query.data;
    const at = now();
    const start = startCreatedAt ? turkeyDayStart(startCreatedAt) : 0;
    // endCreatedAt is a whole day and includes it.
    const end = endCreatedAt ? turkeyDayStart(endCreatedAt) + dayMs : at;
    // The generator lists by order time, which is not id order within a day.
    return pageOf(ideasoftSandboxStoreKey(clientId), start, end, at, status, sort, pageNumber, limit).map((order) => {
      const seed = stableNumber(order.id);
      // Prices include 20 % VAT, as Turkish shops show them; no discounts and free shipping.
      const amount = lira(order.totalAmount);
      return {
        id: Number(order.id),
        transactionId: `IDS${order.id}`,
        customerFirstname: firstNames[seed % firstNames.length],
        customerSurname: lastNames[(seed >> 3) % lastNames.length],
        customerEmail: `musteri${seed % 10_000}@example.com`,
        status: wordOf(order),
        paymentStatus: order.status === 'cancelled' ? 'failed' : 'success',
        paymentTypeName: 'Kredi Kartı',
        currency: 'TL',
        amount,
        couponDiscount: 0,
        promotionDiscount: 0,
        taxAmount: Math.round((order.totalAmount * 20) / 120) / 100,
        generalAmount: amount,
        shippingAmount: 0,
        finalAmount: amount,
        shippingProviderName: 'Yurtiçi Kargo',
        createdAt: turkeyTime(Date.parse(order.orderedAt)),
        updatedAt: turkeyTime(Date.parse(order.lastModifiedAt)),
        orderItems: order.lines.map((line, index) => ({
          id: Number(order.id) * 10 + index,
          productName: line.name,
          productSku: line.sku,
          productPrice: lira(line.unitPrice),
          productCurrency: 'TL',
          productQuantity: line.quantity,
          productTax: 20,
          productDiscount: 0,
          discount: 0,
          product: { id: stableNumber(`ideasoft-product:${line.sku}`) % 100_000 },
        })),
      };
    });
  });
}
