/**
 * Ideasoft sandbox under /sandbox/ideasoft: the store's OAuth2 token endpoint and the two admin-API
 * lists the connector reads. Any client id with client secret `sandbox` gets tokens (client
 * credentials, the code `sandbox`, or a refresh token this sandbox issued; every grant hands out a
 * new refresh token, as Ideasoft rotates them). Errors follow the OAuth server's JSON shape.
 * Orders are per client id, so two sandbox stores differ.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ideasoftStatusOf } from '../ideasoft.ts';
import { lira, pause, sandboxDelayMs, sandboxOrderDetail, sandboxOrders, sandboxSecret, stableNumber, type SandboxOptions } from './orders.ts';

const tokenPrefix = 'sbx';
const maxLimit = 100;
const dayMs = 86_400_000;
const turkeyOffsetMs = 3 * 3_600_000;

/** Tokens carry the client id (base64url) so later calls know whose store they read. */
function issueToken(clientId: string): string {
  return `${tokenPrefix}.${Buffer.from(clientId).toString('base64url')}.${randomBytes(18).toString('base64url')}`;
}

function clientOf(token: string | undefined): string | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3 || parts[0] !== tokenPrefix || !parts[1]) return null;
  const clientId = Buffer.from(parts[1], 'base64url').toString('utf8');
  return clientId || null;
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

function bearerClient(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? clientOf(header.slice(7).trim()) : null;
}

/** `2024-05-01T14:20:00+03:00`: Ideasoft writes times with the store's offset. */
function turkeyTime(iso: string): string {
  return `${new Date(Date.parse(iso) + turkeyOffsetMs).toISOString().slice(0, 19)}+03:00`;
}

/** Start of a yyyy-mm-dd day in Turkey time, as epoch ms. */
function turkeyDayStart(day: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00+03:00`) : NaN;
}

export async function ideasoftSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post<{ Body: Record<string, string | undefined> | undefined }>('/oauth/v2/token', async (request, reply) => {
    const form = request.body ?? {};
    const clientId = form.client_id?.trim();
    if (!clientId || form.client_secret !== sandboxSecret) return oauthError(reply, 400, 'invalid_client', 'The client credentials are invalid');
    switch (form.grant_type) {
      case 'client_credentials':
        break;
      case 'authorization_code':
        if (form.code !== sandboxSecret) return oauthError(reply, 400, 'invalid_grant', "The authorization code has expired or doesn't exist");
        break;
      case 'refresh_token':
        if (clientOf(form.refresh_token) !== clientId) return oauthError(reply, 400, 'invalid_grant', 'Invalid refresh token');
        break;
      default:
        return oauthError(reply, 400, 'unsupported_grant_type', 'Invalid grant_type parameter or parameter missing');
    }
    return { access_token: issueToken(clientId), expires_in: 86_400, token_type: 'bearer', scope: null, refresh_token: issueToken(clientId) };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.includes('/admin-api/')) return;
    if (!bearerClient(request)) return oauthError(reply, 401, 'invalid_grant', 'The access token provided is invalid.');
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
        sku: `TSH-${id}`,
        barcode: null,
        stockAmount: 42,
        price1: 249.9,
        currency: { id: 1, label: 'TL', abbr: 'TRY' },
        status: 1,
        createdAt: turkeyTime(new Date(Date.now() - 200 * dayMs).toISOString()),
        updatedAt: turkeyTime(new Date(Date.now() - 3 * dayMs).toISOString()),
      },
    ];
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/admin-api/orders', async (request, reply) => {
    const clientId = bearerClient(request) ?? '';
    const limit = Number(request.query.limit ?? 20);
    const page = Number(request.query.page ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit || !Number.isInteger(page) || page < 1) {
      return reply.code(400).send({ errorCode: 'INVALID_PARAMETER', errorMessage: 'limit must be 1–100 and page at least 1' });
    }
    const now = Date.now();
    const start = request.query.startCreatedAt ? turkeyDayStart(request.query.startCreatedAt) : 0;
    // endCreatedAt is a whole day and includes it.
    const end = request.query.endCreatedAt ? turkeyDayStart(request.query.endCreatedAt) + dayMs : now;
    if (!Number.isFinite(start) || !Number.isFinite(end)) {
      return reply.code(400).send({ errorCode: 'INVALID_PARAMETER', errorMessage: 'dates must be yyyy-mm-dd' });
    }
    const all = sandboxOrders(`ideasoft:${clientId}`, new Date(start), new Date(end), new Date(now));
    return all.slice((page - 1) * limit, page * limit).map((order) => {
      const detail = sandboxOrderDetail(order);
      const createdAt = turkeyTime(order.orderedAt);
      return {
        id: Number(order.id),
        transactionId: `IDS${order.id}`,
        customerFirstname: detail.customerFirstName,
        customerSurname: detail.customerLastName,
        customerEmail: `musteri${stableNumber(order.id) % 10_000}@example.com`,
        status: ideasoftStatusOf[order.status] ?? 'waiting_for_approval',
        paymentStatus: order.status === 'cancelled' ? 'failed' : 'success',
        paymentTypeName: 'Kredi Kartı',
        currency: order.currency,
        generalAmount: lira(order.totalAmount),
        finalAmount: lira(order.totalAmount),
        shippingAmount: 0,
        shippingProviderName: 'Yurtiçi Kargo',
        createdAt,
        updatedAt: createdAt,
        orderItems: detail.lines.map((line, index) => ({
          id: Number(order.id) * 10 + index,
          productName: line.productName,
          productSku: line.sku,
          productPrice: lira(line.unitPrice),
          productCurrency: order.currency,
          productQuantity: line.quantity,
          productTax: 20,
        })),
      };
    });
  });
}
