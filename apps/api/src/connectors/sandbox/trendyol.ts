/**
 * Trendyol sandbox: the Partner API paths the connector uses, under /sandbox/trendyol. Accepts any
 * seller id with API key and secret both `sandbox`; answers like Trendyol otherwise (401
 * ClientApiAuthenticationException; 403 without the mandatory User-Agent).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

const maxPageSize = 200;
const historyMs = 90 * 86_400_000;

const statusWords: Record<OrderStatus, string> = {
  created: 'Created',
  preparing: 'Picking',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

export async function trendyolSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addHook('preHandler', async (request, reply) => {
    const refusal = refuse(request);
    if (refusal) return reply.code(refusal.status).send(refusal.body);
  });

  app.get<{ Params: { sellerId: string } }>('/integration/sellers/:sellerId/addresses', async (request) => {
    const detail = sandboxOrderDetail({ id: `address-${request.params.sellerId}`, orderedAt: '', totalAmount: 10_000, currency: 'TRY', status: 'created', itemCount: 1 });
    const address = {
      id: stableNumber(`trendyol-address:${request.params.sellerId}`) % 1_000_000,
      addressType: 'Shipment',
      country: 'Türkiye',
      city: detail.city,
      district: detail.district,
      postCode: '34000',
      address: `${detail.district} Mah. Sandbox Sok. No:1`,
      isDefault: true,
      fullAddress: `${detail.district} Mah. Sandbox Sok. No:1 ${detail.district}/${detail.city}`,
    };
    return {
      supplierAddresses: [address, { ...address, id: address.id + 1, addressType: 'Invoice' }, { ...address, id: address.id + 2, addressType: 'Returning' }],
      defaultShipmentAddress: { ...address, addressType: 'Shipment' },
      defaultInvoiceAddress: { ...address, addressType: 'Invoice' },
      defaultReturningAddress: { present: true, ...address, addressType: 'Returning' },
    };
  });

  app.get<{ Params: { sellerId: string }; Querystring: Record<string, string | undefined> }>(
    '/integration/order/sellers/:sellerId/orders',
    async (request, reply) => {
      const { startDate, endDate, page = '0', size = '50' } = request.query;
      const pageNumber = Number(page);
      const pageSize = Number(size);
      if (!Number.isInteger(pageNumber) || pageNumber < 0 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
        return badRequest(reply, 'page must be ≥ 0 and size between 1 and 200');
      }
      const now = Date.now();
      const end = endDate !== undefined ? Number(endDate) : now;
      const start = startDate !== undefined ? Number(startDate) : end - 14 * 86_400_000;
      if (!Number.isFinite(start) || !Number.isFinite(end)) return badRequest(reply, 'startDate and endDate are epoch milliseconds');
      // Trendyol serves three months back at most; endDate is inclusive.
      const all = sandboxOrders(`trendyol:${request.params.sellerId}`, new Date(Math.max(start, now - historyMs)), new Date(end + 1), new Date(now));
      const content = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize).map((order) => {
        const detail = sandboxOrderDetail(order);
        const packageId = stableNumber(`trendyol-package:${order.id}`);
        const at = Date.parse(order.orderedAt);
        return {
          id: packageId,
          shipmentPackageId: packageId,
          orderNumber: order.id,
          orderDate: at,
          grossAmount: lira(order.totalAmount),
          totalDiscount: 0,
          totalTyDiscount: 0,
          totalPrice: lira(order.totalAmount),
          currencyCode: order.currency,
          customerFirstName: detail.customerFirstName,
          customerLastName: detail.customerLastName,
          shipmentAddress: { city: detail.city, district: detail.district, countryCode: 'TR' },
          cargoProviderName: 'Trendyol Express Marketplace',
          status: statusWords[order.status],
          shipmentPackageStatus: statusWords[order.status],
          deliveryType: 'normal',
          lines: detail.lines.map((line, index) => ({
            id: packageId * 10 + index,
            quantity: line.quantity,
            merchantSku: line.sku,
            productName: line.productName,
            price: lira(line.unitPrice),
            amount: lira(line.unitPrice * line.quantity),
            discount: 0,
            currencyCode: order.currency,
            orderLineItemStatusName: statusWords[order.status],
          })),
          packageHistories: [{ createdDate: at, status: 'Created' }],
          lastModifiedDate: at,
        };
      });
      return { totalElements: all.length, totalPages: Math.ceil(all.length / pageSize), page: pageNumber, size: pageSize, content };
    },
  );
}

function refuse(request: FastifyRequest): { status: number; body: unknown } | null {
  const userAgent = request.headers['user-agent'] ?? '';
  if (!/^\S+ - \S/.test(userAgent)) {
    return { status: 403, body: errorBody('ClientApiForbiddenException', 'User-Agent bilgisi "{satıcıId} - {entegratör}" biçiminde gönderilmelidir.') };
  }
  const auth = readBasicAuth(request.headers.authorization);
  if (!auth || auth.user !== sandboxSecret || auth.password !== sandboxSecret) {
    return { status: 401, body: errorBody('ClientApiAuthenticationException', 'Authentication failed: check the API key and secret.') };
  }
  return null;
}

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send(errorBody('ClientApiValidationException', message));
}

function errorBody(exception: string, message: string) {
  return { timestamp: Date.now(), exception, errors: [{ key: exception, message, errorCode: null }] };
}
