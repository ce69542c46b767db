/**
 * Hepsiburada sandbox under /sandbox/hepsiburada: the listings path, the six order lists and the
 * order detail (the live API serves them from two hosts), answering in today's shapes
 * (hepsiburada-schema.ts; sandbox/hepsiburada.test.ts checks every answer against it):
 * - Basic `{merchantId}:sandbox` for the merchant id in the path, else 401; a User-Agent is required;
 * - `offset` (`Offset` on the packed list) and `limit` are mandatory; a larger limit is cut to the
 *   list's maximum (100 paid lines, 10 packages, 50 elsewhere); `begindate`/`enddate`
 *   `yyyy-MM-dd HH:mm` Istanbul time, `enddate` exclusive, a span over 24 hours becomes 24 hours;
 * - each list filters its own event: the paid list holds the lines of orders still `created` (by
 *   order time), the packed list the packages still `preparing` (packed 10 minutes after the
 *   order), shipped every package shipped (the start of the order's next Istanbul day, whatever
 *   happened later), delivered the delivered ones (three days on; the last month only),
 *   undelivered the returned ones (three days on) and cancelled the cancelled lines (two hours on);
 * - shipped, delivered and undelivered rows carry only numbers and a date; cancelled rows have no
 *   price; the order detail has the lines, amounts and order date;
 * - dates are unzoned Istanbul wall clock (`2026-06-24T10:36:53.593`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fromIstanbulWallClock, istanbulLocalTime, parseIstanbulLocal } from '@worq/domain/calendar';
import {
  istanbulDay,
  lira,
  openSandbox,
  readBasicAuth,
  sandboxSecret,
  stableNumber,
  type SandboxOptions,
  type SandboxPackage,
} from './orders.ts';

const dayMs = 86_400_000;
const deliveredHistoryMs = 31 * dayMs;
/** No event is later than this after its order (delivery and return, three days on). */
const longestLeadMs = 4 * dayMs;

type MerchantRequest = { Params: { merchantId: string }; Querystring: Record<string, string | undefined> };
type DetailRequest = { Params: { merchantId: string; orderNumber: string } };
type ListName = 'backlog' | 'packed' | 'shipped' | 'delivered' | 'undelivered' | 'cancelled';

const maxLimits: Record<ListName, number> = { backlog: 100, packed: 10, shipped: 50, delivered: 50, undelivered: 50, cancelled: 50 };

/** The status word of a line in the order detail (the words are the sandbox's choice). */
const lineWords: Record<SandboxPackage['status'], string> = {
  created: 'Open',
  preparing: 'Packaged',
  shipped: 'InTransit',
  delivered: 'Delivered',
  returned: 'Undelivered',
  cancelled: 'CancelledByCustomer',
  split: 'Unpacked',
};

const startOfIstanbulDay = (day: number) => fromIstanbulWallClock(day * dayMs);

/** When the order entered `list`, as of `now`; null when it is not in that list. */
export function hepsiburadaEventAt(item: SandboxPackage, list: ListName, now: number): number | null {
  const at = Date.parse(item.orderedAt);
  const day = istanbulDay(at);
  switch (list) {
    case 'backlog':
      return item.status === 'created' ? at : null;
    case 'packed':
      return item.status === 'preparing' ? Math.min(at + 10 * 60_000, now) : null;
    case 'shipped':
      return ['shipped', 'delivered', 'returned'].includes(item.status) ? startOfIstanbulDay(day + 1) : null;
    case 'delivered':
      return item.status === 'delivered' ? startOfIstanbulDay(day + 3) : null;
    case 'undelivered':
      return item.status === 'returned' ? startOfIstanbulDay(day + 3) : null;
    case 'cancelled':
      return item.status === 'cancelled' ? Math.min(at + 2 * 3_600_000, now) : null;
  }
}

/** Istanbul wall clock without a zone, as Hepsiburada writes dates. */
const unzoned = (ms: number) => istanbulLocalTime(ms);

export async function hepsiburadaSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { clock, orders } = openSandbox<MerchantRequest['Params']>(
    app,
    options,
    (request) => {
      const auth = readBasicAuth(request.headers.authorization);
      if (!auth || auth.user !== request.params.merchantId || auth.password !== sandboxSecret) {
        return { status: 401, body: { message: 'Unauthorized' } };
      }
      if (!request.headers['user-agent']) return { status: 403, body: { message: 'Forbidden: User-Agent is required' } };
      return null;
    },
    (request) => /\/(orders|packages)\/merchantid\//.test(request.url),
  );
  const storeKey = (merchantId: string) => `hepsiburada:${merchantId}`;

  app.get<MerchantRequest>('/listings/merchantid/:merchantId', async (request, reply) => {
    const paging = readPaging(request.query, 100, reply);
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

  /** The orders that entered `list` inside the request's window, or null after answering a bad request. */
  const ordersIn = (
    list: ListName,
    request: { params: { merchantId: string }; query: Record<string, string | undefined> },
    reply: FastifyReply,
  ) => {
    const paging = readPaging(request.query, maxLimits[list], reply);
    if (!paging) return null;
    const now = clock();
    const begin = request.query.begindate ? parseIstanbulMinute(request.query.begindate) : now - dayMs;
    const endText = request.query.enddate;
    let end = endText ? parseIstanbulMinute(endText) : begin === null ? null : begin + dayMs;
    if (begin === null || end === null) {
      void reply.code(400).send({ message: 'Bad Request begindate and enddate must be yyyy-MM-dd HH:mm' });
      return null;
    }
    if (end - begin > dayMs) end = begin + dayMs;
    const start = list === 'delivered' ? Math.max(begin, now - deliveredHistoryMs) : begin;
    const all =
      start < end
        ? orders(storeKey(request.params.merchantId), start - longestLeadMs, Math.min(end, now), now)
            .map((item) => ({ item, at: hepsiburadaEventAt(item, list, now) }))
            .filter((entry): entry is { item: SandboxPackage; at: number } => entry.at !== null && entry.at >= start && entry.at < end)
            .sort((a, b) => a.at - b.at || a.item.orderNumber.localeCompare(b.item.orderNumber))
        : [];
    return { paging, all };
  };

  const orderLine = (item: SandboxPackage, line: SandboxPackage['lines'][number], index: number, merchantId: string) => ({
    id: lineId(item, index),
    orderId: `${stableNumber(`hb-order:${item.orderNumber}`)}`,
    orderNumber: item.orderNumber,
    orderDate: unzoned(Date.parse(item.orderedAt)),
    status: lineWords[item.status],
    merchantId,
    sku: `HBV${String(stableNumber(line.sku)).padStart(10, '0').slice(0, 10)}`,
    merchantSKU: line.sku,
    name: line.name,
    quantity: line.quantity,
    unitPrice: { currency: item.currency, amount: lira(line.unitPrice) },
    totalPrice: { currency: item.currency, amount: lira(line.unitPrice * line.quantity) },
    vatRate: 20,
    customerName: 'Hepsiburada Müşterisi',
    cargoCompany: 'Hepsijet',
  });

  app.get<MerchantRequest>('/orders/merchantid/:merchantId', async (request, reply) => {
    const found = ordersIn('backlog', request, reply);
    if (!found) return reply;
    // One item per order line; totalCount counts lines, so an order's lines may straddle two pages.
    const lines = found.all.flatMap(({ item }) => item.lines.map((line, index) => orderLine(item, line, index, request.params.merchantId)));
    return envelope(lines, found.paging);
  });

  app.get<MerchantRequest>('/packages/merchantid/:merchantId', async (request, reply) => {
    const found = ordersIn('packed', request, reply);
    if (!found) return reply;
    // A bare array: no totalCount, no envelope.
    return found.all.slice(found.paging.offset, found.paging.offset + found.paging.limit).map(({ item }) => ({
      id: `${stableNumber(`hb-package-id:${item.id}`)}`,
      packageNumber: packageNumber(item),
      barcode: `629${packageNumber(item)}`,
      status: 'Open',
      orderDate: unzoned(Date.parse(item.orderedAt)),
      cargoCompany: 'Hepsijet',
      totalPrice: { currency: item.currency, amount: lira(item.totalAmount) },
      items: item.lines.map((line, index) => ({
        lineItemId: lineId(item, index),
        merchantId: request.params.merchantId,
        hbSku: `HBV${String(stableNumber(line.sku)).padStart(10, '0').slice(0, 10)}`,
        merchantSku: line.sku,
        productName: line.name,
        quantity: line.quantity,
        price: { currency: item.currency, amount: lira(line.unitPrice) },
        totalPrice: { currency: item.currency, amount: lira(line.unitPrice * line.quantity) },
        orderNumber: item.orderNumber,
        orderDate: unzoned(Date.parse(item.orderedAt)),
      })),
    }));
  });

  for (const list of ['shipped', 'delivered', 'undelivered'] as const) {
    const dateKey = list === 'shipped' ? 'ShippedDate' : list === 'delivered' ? 'DeliveredDate' : 'UndeliveredDate';
    app.get<MerchantRequest>(`/packages/merchantid/:merchantId/${list}`, async (request, reply) => {
      const found = ordersIn(list, request, reply);
      if (!found) return reply;
      const rows = found.all.map(({ item, at }) => ({
        Barcode: `629${packageNumber(item)}`,
        Id: `${stableNumber(`hb-package-id:${item.id}`)}`,
        MerchantId: request.params.merchantId,
        OrderNumber: item.orderNumber,
        OrderNumbers: [item.orderNumber],
        PackageNumber: packageNumber(item),
        [dateKey]: unzoned(at),
        ...(list === 'undelivered' ? { UndeliveredReason: 'Alıcı adreste bulunamadı' } : {}),
      }));
      return envelope(rows, found.paging);
    });
  }

  app.get<MerchantRequest>('/orders/merchantid/:merchantId/cancelled', async (request, reply) => {
    const found = ordersIn('cancelled', request, reply);
    if (!found) return reply;
    const lines = found.all.flatMap(({ item, at }) =>
      item.lines.map((line, index) => ({
        lineItemId: lineId(item, index),
        merchantId: request.params.merchantId,
        orderNumber: item.orderNumber,
        merchantSku: line.sku,
        sku: `HBV${String(stableNumber(line.sku)).padStart(10, '0').slice(0, 10)}`,
        quantity: line.quantity,
        cancelDate: unzoned(at),
        cancelledBy: 'Customer',
        cancelReasonCode: 'CustomerChangedMind',
      })),
    );
    return envelope(lines, found.paging);
  });

  app.get<DetailRequest>('/orders/merchantid/:merchantId/ordernumber/:orderNumber', async (request, reply) => {
    const now = clock();
    const { merchantId, orderNumber } = request.params;
    // The sandbox's order numbers carry their Istanbul day (orders.ts): two digits, then the day.
    const day = Number(orderNumber.slice(2, 8));
    const item = /^\d{12}$/.test(orderNumber)
      ? orders(storeKey(merchantId), startOfIstanbulDay(day), startOfIstanbulDay(day + 1), now).find(
          (candidate) => candidate.orderNumber === orderNumber,
        )
      : undefined;
    if (!item) return reply.code(404).send({ message: 'Order not found' });
    return {
      orderId: `${stableNumber(`hb-order:${item.orderNumber}`)}`,
      orderNumber: item.orderNumber,
      orderDate: unzoned(Date.parse(item.orderedAt)),
      createdDate: unzoned(Date.parse(item.orderedAt)),
      paymentStatus: 'Paid',
      customer: { customerId: `${stableNumber(`hb-customer:${item.orderNumber}`)}`, name: 'Hepsiburada Müşterisi' },
      items: item.lines.map((line, index) => ({
        ...orderLine(item, line, index, merchantId),
        packageNumber: item.status === 'created' ? '' : packageNumber(item),
      })),
    };
  });
}

const lineId = (item: SandboxPackage, index: number) => `${stableNumber(`hb-line:${item.id}:${index}`)}`;
const packageNumber = (item: SandboxPackage) => `${stableNumber(`hb-package:${item.id}`)}`;

/** A paged list's answer: `totalCount` counts the rows of the whole window. */
function envelope(rows: unknown[], paging: { offset: number; limit: number }) {
  return {
    totalCount: rows.length,
    limit: paging.limit,
    offset: paging.offset,
    pageCount: Math.ceil(rows.length / paging.limit),
    items: rows.slice(paging.offset, paging.offset + paging.limit),
  };
}

function readPaging(
  query: Record<string, string | undefined>,
  maxLimit: number,
  reply: FastifyReply,
): { offset: number; limit: number } | null {
  const offsetText = query.offset ?? query.Offset;
  const limitText = query.limit ?? query.Limit;
  if (offsetText === undefined || limitText === undefined) {
    void reply.code(400).send({ message: 'Bad Request limit and offset parameters are required' });
    return null;
  }
  const offset = Number(offsetText);
  const limit = Number(limitText);
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) {
    void reply.code(400).send({ message: 'Bad Request offset must be ≥ 0 and limit ≥ 1' });
    return null;
  }
  // "en fazla ve varsayılan olarak N": a larger limit is served as the maximum.
  return { offset, limit: Math.min(limit, maxLimit) };
}

/** `yyyy-MM-dd HH:mm` in Istanbul time → epoch ms, or null. */
function parseIstanbulMinute(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const ms = parseIstanbulLocal(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00`);
  return Number.isFinite(ms) ? ms : null;
}
