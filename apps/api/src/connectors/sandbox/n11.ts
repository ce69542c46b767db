/**
 * N11 sandbox under /sandbox/n11, answering as n11 does today (docs/reference/MARKETPLACES.md): any `appkey`
 * with `appsecret: sandbox`; otherwise the product query answers 401 JSON
 * `SellerApiUserUnauthorizedException` and the order service 403 `text/plain` "Authentication
 * failed". shipmentPackages takes one `status` per request, at most 15 days between the dates
 * (epoch milliseconds of the Istanbul wall clock, as its own dates are), size ≤ 100, and serves
 * nothing before November 2024. Split parents are `UnPacked` (served only when asked for).
 */
import type { FastifyInstance } from 'fastify';
import { lira, openSandbox, sandboxSecret, stableNumber, type SandboxOptions, type SandboxStatus } from './orders.ts';

const maxSize = 100;
const windowMs = 15 * 86_400_000;

const istanbulOffsetMs = 3 * 3_600_000;
const firstOrderMs = Date.UTC(2024, 9, 31, 21, 0);

const statusWords: Record<SandboxStatus, string> = {
  created: 'Created',
  preparing: 'Picking',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
  split: 'UnPacked',
};
const knownStatuses = new Set([...Object.values(statusWords), 'UnSupplied']);

type Query = { Querystring: Record<string, string | undefined> };

export async function n11Sandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { clock, orders } = openSandbox(app, options, (request) => {
    const appKey = request.headers.appkey;
    if (typeof appKey === 'string' && appKey && request.headers.appsecret === sandboxSecret) return null;
    if (request.url.startsWith(`${app.prefix}/rest/delivery`))
      return { status: 403, contentType: 'text/plain', body: 'Authentication failed' };
    return {
      status: 401,
      body: {
        timestamp: new Date().toISOString(),
        status: 401,
        exception: 'SellerApiUserUnauthorizedException',
        message: 'Invalid appKey or appSecret',
        path: request.url.split('?')[0],
      },
    };
  });

  app.get<Query>('/ms/product-query', async (request, reply) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 20);
    if (!Number.isInteger(page) || page < 0 || !Number.isInteger(size) || size < 1 || size > 250) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'page ≥ 0, 1 ≤ size ≤ 250' });
    }
    const appKey = String(request.headers.appkey);
    const totalElements = 15 + (stableNumber(`n11-products:${appKey}`) % 120);
    const content = Array.from({ length: Math.max(0, Math.min(size, totalElements - page * size)) }, (_, index) => {
      const number = page * size + index + 1;
      return {
        n11ProductId: stableNumber(`${appKey}:${number}`) % 100_000_000,
        sellerId: stableNumber(appKey) % 1_000_000,
        stockCode: `SKU-${number}`,
        title: `Sandbox Ürün ${number}`,
        status: 'Active',
        salePrice: 149.9 + (number % 15) * 30,
        listPrice: 199.9 + (number % 15) * 30,
        quantity: 3 + (number % 25),
        currencyType: 'TL',
      };
    });
    const totalPages = Math.ceil(totalElements / size);
    return {
      content,
      totalElements,
      totalPages,
      number: page,
      size,
      first: page === 0,
      last: page >= totalPages - 1,
      empty: content.length === 0,
    };
  });

  app.get<Query>('/rest/delivery/v1/shipmentPackages', async (request, reply) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 100);
    const status = request.query.status;
    if (!Number.isInteger(page) || page < 0 || !Number.isInteger(size) || size < 1 || size > maxSize) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: `page ≥ 0, 1 ≤ size ≤ ${maxSize}` });
    }
    if (!status || status.includes(',') || !knownStatuses.has(status)) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'status must be one package status' });
    }
    const now = clock();
    // The query's epochs are Istanbul wall clock read as UTC, like n11's own dates.
    const end = request.query.endDate !== undefined ? Number(request.query.endDate) + 1 - istanbulOffsetMs : now;
    const start = request.query.startDate !== undefined ? Number(request.query.startDate) - istanbulOffsetMs : end - windowMs;
    if (!Number.isFinite(start) || !Number.isFinite(end)) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'startDate and endDate are epoch milliseconds' });
    }
    if (end - start > windowMs)
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'the date range can be at most 15 days' });
    const appKey = String(request.headers.appkey);
    const all = orders(`n11:${appKey}`, Math.max(start, firstOrderMs), end, now, true).filter(
      (item) => statusWords[item.status] === status,
    );
    const content = all.slice(page * size, (page + 1) * size).map((item) => {
      const at = Date.parse(item.orderedAt) + istanbulOffsetMs;
      const buyer = stableNumber(item.orderNumber);
      return {
        id: Number(item.id),
        orderNumber: item.orderNumber,
        orderDate: at,
        sellerId: stableNumber(appKey) % 1_000_000,
        customerfullName: buyer % 2 === 0 ? 'Ayşe Yılmaz' : 'Mehmet Kaya',
        customerEmail: `musteri${buyer % 10_000}@example.com`,
        shipmentPackageStatus: statusWords[item.status],
        totalAmount: lira(item.totalAmount),
        totalDiscountAmount: 0,
        cargoProviderName: 'Yurtiçi Kargo',
        shippingAddress: { city: 'İzmir', district: 'Bornova' },
        lines: item.lines.map((line, index) => ({
          orderLineId: Number(item.id) * 10 + index,
          productName: line.name,
          stockCode: line.sku,
          quantity: line.quantity,
          price: lira(line.unitPrice),
          totalDiscountAmount: 0,
          orderItemLineItemStatusName: statusWords[item.status],
        })),
        packageHistories: [{ createdDate: at, status: 'Created' }],
        lastModifiedDate: Date.parse(item.lastModifiedAt) + istanbulOffsetMs,
      };
    });
    const totalPages = Math.ceil(all.length / size);
    return { content, totalElements: all.length, totalPages, pageCount: totalPages, page, size };
  });
}
