/**
 * N11 sandbox under /sandbox/n11: the product query and shipment packages paths. Accepts any
 * `appkey` with `appsecret: sandbox`; anything else gets a Spring-style 401 (N11's exact body is
 * unconfirmed). Orders honour N11's 15-day startDate–endDate limit and size ≤ 100.
 */
import type { FastifyInstance } from 'fastify';
import {
  lira,
  pause,
  sandboxDelayMs,
  sandboxOrderDetail,
  sandboxOrders,
  sandboxSecret,
  stableNumber,
  type OrderStatus,
  type SandboxOptions,
} from './orders.ts';

const maxSize = 100;
const windowMs = 15 * 86_400_000;

const statusWords: Record<OrderStatus, string> = {
  created: 'Created',
  preparing: 'Picking',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

type Query = { Querystring: Record<string, string | undefined> };

export async function n11Sandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addHook('preHandler', async (request, reply) => {
    const appKey = request.headers.appkey;
    if (typeof appKey !== 'string' || !appKey || request.headers.appsecret !== sandboxSecret) {
      return reply.code(401).send({ timestamp: new Date().toISOString(), status: 401, error: 'Unauthorized', message: 'Invalid appKey or appSecret', path: request.url.split('?')[0] });
    }
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
    return { content, totalElements, totalPages, number: page, size, first: page === 0, last: page >= totalPages - 1, empty: content.length === 0 };
  });

  app.get<Query>('/rest/delivery/v1/shipmentPackages', async (request, reply) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 100);
    if (!Number.isInteger(page) || page < 0 || !Number.isInteger(size) || size < 1 || size > maxSize) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: `page ≥ 0, 1 ≤ size ≤ ${maxSize}` });
    }
    const now = Date.now();
    let end = request.query.endDate !== undefined ? Number(request.query.endDate) + 1 : now;
    let start = request.query.startDate !== undefined ? Number(request.query.startDate) : end - windowMs;
    if (!Number.isFinite(start) || !Number.isFinite(end)) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'startDate and endDate are epoch milliseconds' });
    }
    // Like N11: only startDate → the next 15 days; a wider span is narrowed to 15 days.
    if (request.query.endDate === undefined) end = start + windowMs;
    if (end - start > windowMs) start = end - windowMs;
    const all = sandboxOrders(`n11:${String(request.headers.appkey)}`, new Date(start), new Date(end), new Date(now));
    const content = all.slice(page * size, (page + 1) * size).map((order) => {
      const detail = sandboxOrderDetail(order);
      const at = Date.parse(order.orderedAt);
      const packageId = stableNumber(`n11-package:${order.id}`);
      return {
        id: packageId,
        orderNumber: order.id,
        sellerId: stableNumber(String(request.headers.appkey)) % 1_000_000,
        customerfullName: `${detail.customerFirstName} ${detail.customerLastName}`,
        shipmentPackageStatus: statusWords[order.status],
        totalAmount: lira(order.totalAmount),
        totalDiscountAmount: 0,
        cargoProviderName: 'Yurtiçi Kargo',
        shippingAddress: { city: detail.city, district: detail.district },
        lines: detail.lines.map((line, index) => ({
          orderLineId: packageId * 10 + index,
          productName: line.productName,
          stockCode: line.sku,
          quantity: line.quantity,
          price: lira(line.unitPrice),
          totalDiscountAmount: 0,
          orderItemLineItemStatusName: statusWords[order.status],
        })),
        packageHistories: [{ createdDate: at, status: 'Created' }],
        lastModifiedDate: at,
      };
    });
    const totalPages = Math.ceil(all.length / size);
    return { content, totalElements: all.length, totalPages, pageCount: totalPages, page, size };
  });
}
