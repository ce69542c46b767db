/**
 * Hepsiburada sandbox under /sandbox/hepsiburada: the listings and orders paths (the live API
 * serves them from two hosts). Accepts Basic `{merchantId}:sandbox` for the merchant id in the
 * path; anything else gets 401 like Hepsiburada. Orders honour the 24-hour begindate/enddate
 * window (a wider span becomes 24 hours, as on Hepsiburada) and the mandatory offset/limit.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  lira,
  pause,
  readBasicAuth,
  sandboxDelayMs,
  sandboxOrderDetail,
  sandboxOrders,
  sandboxSecret,
  stableNumber,
  type OrderStatus,
  type SandboxOptions,
} from './orders.ts';

const maxLimit = 100;
const dayMs = 86_400_000;

const statusWords: Record<OrderStatus, string> = {
  created: 'Open',
  preparing: 'Packed',
  shipped: 'InTransit',
  delivered: 'Delivered',
  cancelled: 'CancelledByCustomer',
  returned: 'Returned',
};

type MerchantRequest = { Params: { merchantId: string }; Querystring: Record<string, string | undefined> };

export async function hepsiburadaSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addHook<MerchantRequest>('preHandler', async (request, reply) => {
    const auth = readBasicAuth(request.headers.authorization);
    if (!auth || auth.user !== request.params.merchantId || auth.password !== sandboxSecret) {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    if (!request.headers['user-agent']) return reply.code(403).send({ message: 'Forbidden: User-Agent is required' });
  });

  app.get<MerchantRequest>('/listings/merchantid/:merchantId', async (request, reply) => {
    const paging = readPaging(request.query, reply);
    if (!paging) return reply;
    const totalCount = 20 + (stableNumber(`hb-listings:${request.params.merchantId}`) % 180);
    const listings = Array.from({ length: Math.max(0, Math.min(paging.limit, totalCount - paging.offset)) }, (_, index) => {
      const number = paging.offset + index + 1;
      return {
        uniqueIdentifier: `${request.params.merchantId}-${number}`,
        hepsiburadaSku: `HBV${String(stableNumber(`${request.params.merchantId}:${number}`)).padStart(11, '0').slice(0, 11)}`,
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

  app.get<MerchantRequest>('/orders/merchantid/:merchantId', async (request, reply) => {
    const paging = readPaging(request.query, reply);
    if (!paging) return reply;
    const now = Date.now();
    const begin = request.query.begindate ? parseTurkeyMinute(request.query.begindate) : now - dayMs;
    const lastMinute = request.query.enddate ? parseTurkeyMinute(request.query.enddate) : null;
    if (begin === null || (request.query.enddate && lastMinute === null)) {
      return reply.code(400).send({ message: 'Bad Request begindate and enddate must be yyyy-MM-dd HH:mm' });
    }
    // enddate is inclusive to the minute.
    let end = lastMinute !== null ? lastMinute + 60_000 : begin + dayMs;
    // Like Hepsiburada: a span over 24 hours ignores enddate and takes 24 hours from begindate.
    if (end - begin > dayMs) end = begin + dayMs;
    const all = sandboxOrders(`hepsiburada:${request.params.merchantId}`, new Date(begin), new Date(end), new Date(now));
    const items = all.slice(paging.offset, paging.offset + paging.limit).map((order) => {
      const detail = sandboxOrderDetail(order);
      const first = detail.lines[0]!;
      return {
        id: `${stableNumber(`hb-line:${order.id}`)}`,
        orderNumber: order.id,
        orderDate: order.orderedAt,
        status: statusWords[order.status],
        merchantId: request.params.merchantId,
        sku: `HBV${first.sku}`,
        merchantSku: first.sku,
        productName: detail.lines.length > 1 ? `${first.productName} ve ${detail.lines.length - 1} ürün daha` : first.productName,
        quantity: order.itemCount,
        unitPrice: { currency: order.currency, amount: lira(Math.round(order.totalAmount / order.itemCount)) },
        totalPrice: { currency: order.currency, amount: lira(order.totalAmount) },
        customerName: `${detail.customerFirstName} ${detail.customerLastName}`,
        shippingAddress: { city: detail.city, town: detail.district, countryCode: 'TR' },
        cargoCompany: 'Hepsijet',
      };
    });
    return { totalCount: all.length, limit: paging.limit, offset: paging.offset, pageCount: Math.ceil(all.length / paging.limit), items };
  });
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

/** `yyyy-MM-dd HH:mm` in Turkey time → epoch ms, or null. */
function parseTurkeyMinute(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const ms = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00+03:00`);
  return Number.isFinite(ms) ? ms : null;
}
