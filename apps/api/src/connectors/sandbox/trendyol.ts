/**
 * Trendyol sandbox: the Partner API paths the connector uses, under /sandbox/trendyol, answering as
 * Trendyol does today (docs/reference/MARKETPLACES.md):
 * - getShipmentPackages with the field names of 08.12.2025 (`shipmentPackageId`,
 *   `packageTotalPrice`, `packageGrossAmount`, lines `lineUnitPrice`, `lineGrossAmount`,
 *   `stockCode`), `orderDate` and `lastModifiedDate` as Istanbul wall-clock epochs, split parents as
 *   `UnPacked` next to their two packages, buyer details as Trendyol sends them (the connector must
 *   drop them);
 * - at most 14 days between startDate and endDate, size ≤ 200, at most 10,000 records a query
 *   (400 ClientApiValidationException otherwise);
 * - 401 ClientApiAuthenticationException unless key and secret are both `sandbox`, 403 without the
 *   mandatory User-Agent; `/addresses` kept for old clients.
 * The query dates are taken as instants (unconfirmed whether Trendyol reads them as Istanbul wall
 * clock too; the windows overlap nothing either way).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  lira,
  openSandbox,
  readBasicAuth,
  sandboxSecret,
  stableNumber,
  type SandboxOptions,
  type SandboxRefusal,
  type SandboxStatus,
} from './orders.ts';

const maxPageSize = 200;
const maxWindowMs = 14 * 86_400_000;
const maxRecords = 10_000;
const istanbulOffsetMs = 3 * 3_600_000;

const statusWords: Record<SandboxStatus, string> = {
  created: 'Created',
  preparing: 'Picking',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
  split: 'UnPacked',
};

const firstNames = ['Ayşe', 'Mehmet', 'Zeynep', 'Mustafa', 'Elif', 'Ahmet'];
const lastNames = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk'];

export async function trendyolSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { clock, orders } = openSandbox(app, options, refuse);

  app.get<{ Params: { sellerId: string } }>('/integration/sellers/:sellerId/addresses', async (request) => {
    const id = stableNumber(`trendyol-address:${request.params.sellerId}`) % 1_000_000;
    const address = {
      id,
      addressType: 'Shipment',
      country: 'Türkiye',
      city: 'İstanbul',
      district: 'Kadıköy',
      postCode: '34000',
      isDefault: true,
    };
    return { supplierAddresses: [address], defaultShipmentAddress: address };
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
      if ((pageNumber + 1) * pageSize > maxRecords) return badRequest(reply, 'at most 10000 records can be listed for one query');
      const now = clock();
      const end = endDate !== undefined ? Number(endDate) : now;
      const start = startDate !== undefined ? Number(startDate) : end - maxWindowMs;
      if (!Number.isFinite(start) || !Number.isFinite(end)) return badRequest(reply, 'startDate and endDate are epoch milliseconds');
      if (end - start > maxWindowMs) return badRequest(reply, 'the date range can be at most 14 days');
      // endDate is inclusive.
      const all = orders(`trendyol:${request.params.sellerId}`, start, end + 1, now, true);
      const content = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize).map((item) => {
        const at = Date.parse(item.orderedAt);
        const word = statusWords[item.status];
        const buyer = stableNumber(item.orderNumber);
        return {
          shipmentPackageId: Number(item.id),
          orderNumber: item.orderNumber,
          orderDate: at + istanbulOffsetMs,
          packageGrossAmount: lira(item.totalAmount),
          packageTotalDiscount: 0,
          packageTotalPrice: lira(item.totalAmount),
          currencyCode: item.currency,
          customerFirstName: firstNames[buyer % firstNames.length],
          customerLastName: lastNames[buyer % lastNames.length],
          customerEmail: `pf+${buyer}@trendyolmail.com`,
          shipmentAddress: { city: 'İstanbul', district: 'Kadıköy', countryCode: 'TR' },
          cargoProviderName: 'Trendyol Express Marketplace',
          status: word,
          shipmentPackageStatus: word,
          deliveryType: 'normal',
          lines: item.lines.map((line, index) => ({
            lineId: Number(item.id) * 10 + index,
            quantity: line.quantity,
            stockCode: line.sku,
            productName: line.name,
            lineUnitPrice: lira(line.unitPrice),
            lineGrossAmount: lira(line.unitPrice * line.quantity),
            lineTotalDiscount: 0,
            currencyCode: item.currency,
            orderLineItemStatusName: word,
          })),
          packageHistories: [{ createdDate: at, status: 'Created' }],
          lastModifiedDate: Date.parse(item.lastModifiedAt) + istanbulOffsetMs,
        };
      });
      return { totalElements: all.length, totalPages: Math.ceil(all.length / pageSize), page: pageNumber, size: pageSize, content };
    },
  );
}

function refuse(request: FastifyRequest): SandboxRefusal | null {
  const userAgent = request.headers['user-agent'] ?? '';
  if (!/^\S+ - \S/.test(userAgent)) {
    return {
      status: 403,
      body: errorBody('ClientApiForbiddenException', 'User-Agent bilgisi "{satıcıId} - {entegratör}" biçiminde gönderilmelidir.'),
    };
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
