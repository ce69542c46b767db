/**
 * Hepsiburada sandbox under /sandbox/hepsiburada: the listings path and the five order lists
 * (the live API serves them from two hosts), answering as Hepsiburada does today
 * (docs/reference/MARKETPLACES.md):
 * - Basic `{merchantId}:sandbox` for the merchant id in the path, else 401; a User-Agent is required;
 * - `offset` and `limit` (≤ 100) mandatory; `begindate`/`enddate` `yyyy-MM-dd HH:mm` Istanbul time,
 *   a span over 24 hours silently becomes 24 hours from begindate;
 * - `/orders` holds only lines waiting to be packed (status Open), `/packages` the packed ones
 *   (`Packaged`), `/packages/…/shipped` (`InTransit`), `/packages/…/delivered` (`Delivered`, or
 *   `Returned` after a return; the last month only) and `/orders/…/cancelled`;
 * - dates are unzoned Istanbul wall clock (`2026-06-24T10:36:53.593`).
 * An order sits in exactly one list, the one of its status.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { lira, openSandbox, readBasicAuth, sandboxSecret, stableNumber, type SandboxOptions, type SandboxPackage } from './orders.ts';

const maxLimit = 100;
const dayMs = 86_400_000;
const istanbulOffsetMs = 3 * 3_600_000;
const deliveredHistoryMs = 31 * dayMs;

type MerchantRequest = { Params: { merchantId: string }; Querystring: Record<string, string | undefined> };
type ListName = 'backlog' | 'packed' | 'shipped' | 'delivered' | 'cancelled';

/** Which list an order is in, and the status word it has there. */
function placeOf(item: SandboxPackage): { list: ListName; word: string } {
  switch (item.status) {
    case 'created':
      return { list: 'backlog', word: 'Open' };
    case 'preparing':
      return { list: 'packed', word: 'Packaged' };
    case 'shipped':
      return { list: 'shipped', word: 'InTransit' };
    case 'delivered':
      return { list: 'delivered', word: 'Delivered' };
    case 'returned':
      return { list: 'delivered', word: 'Returned' };
    default:
      return { list: 'cancelled', word: 'CancelledByCustomer' };
  }
}

/** Istanbul wall clock without a zone, as Hepsiburada writes dates. */
const unzoned = (iso: string) => new Date(Date.parse(iso) + istanbulOffsetMs).toISOString().slice(0, 23);

export async function hepsiburadaSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { clock, orders } = openSandbox<MerchantRequest['Params']>(app, options, (request) => {
    const auth = readBasicAuth(request.headers.authorization);
    if (!auth || auth.user !== request.params.merchantId || auth.password !== sandboxSecret) {
      return { status: 401, body: { message: 'Unauthorized' } };
    }
    if (!request.headers['user-agent']) return { status: 403, body: { message: 'Forbidden: User-Agent is required' } };
    return null;
  });

  app.get<MerchantRequest>('/listings/merchantid/:merchantId', async (request, reply) => {
    const paging = readPaging(request.query, reply);
    if (!paging) return reply;
    const totalCount = 20 + (stableNumber(`hb-listings:${request.params.merchantId}`) % 180);
    const listings = Array.from({ length: Math.max(0, Math.min(paging.limit, totalCount - paging.offset)) }, (_, index) => {
      const number = paging.offset + index + 1;
      return {
        uniqueIdentifier: `${request.params.merchantId}-${number}`,
        hepsiburadaSku: `HBV${String(stableNumber(`${request.params.merchantId}:${number}`))
          .padStart(11, '0')
          .slice(0, 11)}`,
        merchantSku: `SKU-${number}`,
        price: 99.9 + (number % 20) * 25,
        availableStock: number % 7 === 0 ? 0 : 5 + (number % 40),
        dispatchTime: 2,
        cargoCompany1: 'Hepsijet',
        isSalable: number % 7 !== 0,
      };
    });
    return { totalCount, limit: paging.limit, offset: paging.offset, listings };
  });

  /** The orders of one list inside the request's window, or null after answering a bad request. */
  const ordersIn = (
    list: ListName,
    request: { params: { merchantId: string }; query: Record<string, string | undefined> },
    reply: FastifyReply,
  ) => {
    const paging = readPaging(request.query, reply);
    if (!paging) return null;
    const now = clock();
    const begin = request.query.begindate ? parseIstanbulMinute(request.query.begindate) : now - dayMs;
    const lastMinute = request.query.enddate ? parseIstanbulMinute(request.query.enddate) : null;
    if (begin === null || (request.query.enddate && lastMinute === null)) {
      void reply.code(400).send({ message: 'Bad Request begindate and enddate must be yyyy-MM-dd HH:mm' });
      return null;
    }
    // enddate is inclusive to the minute; a span over 24 hours becomes 24 hours from begindate.
    let end = lastMinute !== null ? lastMinute + 60_000 : begin + dayMs;
    if (end - begin > dayMs) end = begin + dayMs;
    const start = list === 'delivered' ? Math.max(begin, now - deliveredHistoryMs) : begin;
    const all =
      start < end ? orders(`hepsiburada:${request.params.merchantId}`, start, end, now).filter((item) => placeOf(item).list === list) : [];
    return { paging, all, page: all.slice(paging.offset, paging.offset + paging.limit) };
  };

  const lineOf = (item: SandboxPackage, line: SandboxPackage['lines'][number], index: number, merchantId: string) => ({
    lineItemId: `${stableNumber(`hb-line:${item.id}:${index}`)}`,
    orderNumber: item.orderNumber,
    orderDate: unzoned(item.orderedAt),
    status: placeOf(item).word,
    merchantId,
    sku: `HBV${line.sku}`,
    merchantSku: line.sku,
    productName: line.name,
    quantity: line.quantity,
    unitPrice: { currency: item.currency, amount: lira(line.unitPrice) },
    totalPrice: { currency: item.currency, amount: lira(line.unitPrice * line.quantity) },
    customerName: 'Hepsiburada Müşterisi',
    shippingAddress: { city: 'İstanbul', town: 'Kadıköy', countryCode: 'TR' },
  });

  for (const list of ['backlog', 'cancelled'] as const) {
    app.get<MerchantRequest>(
      list === 'backlog' ? '/orders/merchantid/:merchantId' : '/orders/merchantid/:merchantId/cancelled',
      async (request, reply) => {
        const found = ordersIn(list, request, reply);
        if (!found) return reply;
        // One item per order line; the paging counts orders of the window.
        return listAnswer(
          found,
          found.page.flatMap((item) => item.lines.map((line, index) => lineOf(item, line, index, request.params.merchantId))),
        );
      },
    );
  }

  for (const list of ['packed', 'shipped', 'delivered'] as const) {
    const path = list === 'packed' ? '/packages/merchantid/:merchantId' : `/packages/merchantid/:merchantId/${list}`;
    app.get<MerchantRequest>(path, async (request, reply) => {
      const found = ordersIn(list, request, reply);
      if (!found) return reply;
      return listAnswer(
        found,
        found.page.map((item) => ({
          packageNumber: `${stableNumber(`hb-package:${item.id}`)}`,
          status: placeOf(item).word,
          orderDate: unzoned(item.orderedAt),
          cargoCompany: 'Hepsijet',
          lines: item.lines.map((line, index) => lineOf(item, line, index, request.params.merchantId)),
        })),
      );
    });
  }
}

/** A list's answer: the window's orders counted for the paging, this page's `items`. */
function listAnswer(found: { all: SandboxPackage[]; paging: { offset: number; limit: number } }, items: unknown[]) {
  return {
    totalCount: found.all.length,
    limit: found.paging.limit,
    offset: found.paging.offset,
    pageCount: Math.ceil(found.all.length / found.paging.limit),
    items,
  };
}

function readPaging(query: Record<string, string | undefined>, reply: FastifyReply): { offset: number; limit: number } | null {
  const offset = Number(query.offset ?? query.Offset);
  const limit = Number(query.limit ?? query.Limit);
  if (query.offset === undefined && query.Offset === undefined) {
    void reply.code(400).send({ message: 'Bad Request limit and offset parameters are required' });
    return null;
  }
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
    void reply.code(400).send({ message: `Bad Request offset must be ≥ 0 and limit between 1 and ${maxLimit}` });
    return null;
  }
  return { offset, limit };
}

/** `yyyy-MM-dd HH:mm` in Istanbul time → epoch ms, or null. */
function parseIstanbulMinute(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const ms = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00+03:00`);
  return Number.isFinite(ms) ? ms : null;
}
