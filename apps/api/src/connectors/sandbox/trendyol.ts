/**
 * Trendyol sandbox: the Partner API's order paths under /sandbox/trendyol, answering as Trendyol
 * does today (docs/marketplaces.md, Trendyol). Every answer validates against the connector's own
 * schemas (sandbox/trendyol.test.ts), and the sandbox never reuses the connector's conversions:
 * - `GET …/v2/orders`: packages placed between `startDate` and `endDate` (both inclusive, GMT+3
 *   epochs), at most 14 days apart and within the last month, pages from 0 of at most 200, at most
 *   10,000 records per filter, `{totalElements, totalPages, page, size, content}`;
 * - `GET …/orders/stream`: packages last modified between `lastModifiedStartDate` and
 *   `lastModifiedEndDate` (the last 2 weeks when left out), at most 14 days apart and within the
 *   last 3 months, newest modification first, `{content, hasMore, nextCursor, size}`; the cursor
 *   belongs to its filter, so a changed filter under it answers 400;
 * - the unversioned `GET …/orders`, retired on 15 Oct 2026, answers 426;
 * - packages carry the field names of 08.12.2025, seller discounts on some lines
 *   (`lineGrossAmount` the unit price before them, `lineUnitPrice` after), split parents as
 *   `UnPacked` beside their packages, and buyer details as Trendyol sends them (the connector must
 *   drop them); `orderDate` and `lastModifiedDate` are GMT+3 epochs;
 * - 401 ClientApiAuthenticationException unless key and secret are both `sandbox`, 403 without the
 *   mandatory User-Agent; 400 ClientApiValidationException for a request outside the limits.
 * Whether Trendyol refuses a date older than its data scope or answers it empty is unconfirmed; the
 * sandbox refuses it, so a connector asking for more than is served fails here first.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Trendyol writes and reads dates as the Istanbul wall clock taken as UTC ("GMT+3").
import { fromIstanbulWallClock, istanbulWallClock } from '@worq/domain/calendar';
import {
  lira,
  openSandbox,
  readBasicAuth,
  sandboxSecret,
  sandboxSettleDays,
  stableNumber,
  type SandboxLine,
  type SandboxOptions,
  type SandboxPackage,
  type SandboxRefusal,
  type SandboxStatus,
} from './orders.ts';

const dayMs = 86_400_000;
const maxPageSize = 200;
const defaultPageSize = 50;
const maxWindowMs = 14 * dayMs;
const maxRecords = 10_000;

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

type Query = Record<string, string | undefined>;
type OrdersRequest = FastifyRequest<{ Params: { sellerId: string }; Querystring: Query }>;

export async function trendyolSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  // The order lists are an import's reads, but for verify's one-row call.
  const { clock, orders } = openSandbox(
    app,
    options,
    refuse,
    (request) => /\/orders(\/stream)?\?/.test(request.url) && !/[?&]size=1(&|$)/.test(request.url),
  );
  const storeKey = (request: OrdersRequest) => `trendyol:${request.params.sellerId}`;

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

  app.get('/integration/order/sellers/:sellerId/orders', async (_request, reply) =>
    reply
      .code(426)
      .send(
        errorBody(
          'ClientApiUpgradeRequiredException',
          'This endpoint was retired on 15.10.2026: use /v2/orders, or /orders/stream for scanning.',
        ),
      ),
  );

  app.get<{ Params: { sellerId: string }; Querystring: Query }>(
    '/integration/order/sellers/:sellerId/v2/orders',
    async (request, reply) => {
      const { startDate, endDate, page = '0', size = String(defaultPageSize) } = request.query;
      const pageNumber = Number(page);
      const pageSize = Number(size);
      if (!Number.isInteger(pageNumber) || pageNumber < 0 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
        return badRequest(reply, 'page must be ≥ 0 and size between 1 and 200');
      }
      if ((pageNumber + 1) * pageSize > maxRecords) return badRequest(reply, 'at most 10000 records can be listed for one filter');
      const now = clock();
      const end = endDate !== undefined ? fromIstanbulWallClock(Number(endDate)) : now;
      const start = startDate !== undefined ? fromIstanbulWallClock(Number(startDate)) : end - maxWindowMs;
      if (!Number.isInteger(start) || !Number.isInteger(end)) return badRequest(reply, 'startDate and endDate are epoch milliseconds');
      if (end - start > maxWindowMs) return badRequest(reply, 'the date range can be at most 14 days');
      if (start < monthsBefore(now, 1))
        return badRequest(reply, 'this endpoint serves the last month; use orders/stream for older packages');
      // endDate is inclusive.
      const all = newestModifiedFirst(orders(storeKey(request), start, end + 1, now, true));
      const content = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize).map(toPackage);
      return { totalElements: all.length, totalPages: Math.ceil(all.length / pageSize), page: pageNumber, size: pageSize, content };
    },
  );

  app.get<{ Params: { sellerId: string }; Querystring: Query }>(
    '/integration/order/sellers/:sellerId/orders/stream',
    async (request, reply) => {
      const { lastModifiedStartDate, lastModifiedEndDate, size = String(defaultPageSize), nextCursor, packageItemStatuses } = request.query;
      const pageSize = Number(size);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) return badRequest(reply, 'size must be between 1 and 200');
      const now = clock();
      const end = lastModifiedEndDate !== undefined ? fromIstanbulWallClock(Number(lastModifiedEndDate)) : now;
      const start = lastModifiedStartDate !== undefined ? fromIstanbulWallClock(Number(lastModifiedStartDate)) : end - maxWindowMs;
      if (!Number.isInteger(start) || !Number.isInteger(end)) {
        return badRequest(reply, 'lastModifiedStartDate and lastModifiedEndDate are epoch milliseconds');
      }
      if (end - start > maxWindowMs) return badRequest(reply, 'the date range can be at most 14 days');
      if (start < monthsBefore(now, 3)) return badRequest(reply, 'this endpoint serves the last 3 months');
      const statuses = packageItemStatuses ? new Set(packageItemStatuses.split(',')) : null;
      const filter = `${start}|${end}|${pageSize}|${packageItemStatuses ?? ''}`;
      let offset = 0;
      if (nextCursor !== undefined) {
        const read = readStreamCursor(nextCursor);
        if (!read) return badRequest(reply, 'invalid nextCursor value');
        if (read.filter !== filter) return badRequest(reply, 'the filters of a nextCursor request must be those of its first request');
        offset = read.offset;
      }
      // A package modified in the window was placed at most sandboxSettleDays before its last change.
      const placed = orders(storeKey(request), start - (sandboxSettleDays + 1) * dayMs, end + 1, now, true);
      const matching = newestModifiedFirst(
        placed.filter((item) => {
          const modified = Date.parse(item.lastModifiedAt);
          return modified >= start && modified <= end && (!statuses || statuses.has(statusWords[item.status]));
        }),
      );
      const content = matching.slice(offset, offset + pageSize).map(toPackage);
      const hasMore = offset + pageSize < matching.length;
      return { content, hasMore, nextCursor: hasMore ? streamCursor(offset + pageSize, filter) : null, size: pageSize };
    },
  );
}

/** A package as Trendyol sends it, buyer details included. */
function toPackage(item: SandboxPackage) {
  const placedAt = Date.parse(item.orderedAt);
  const word = statusWords[item.status];
  const buyer = stableNumber(item.orderNumber);
  const packageId = Number(item.id);
  const lines = item.lines.map((line, index) => toLine(item, line, packageId * 10 + index, word));
  const gross = item.lines.reduce((sum, line) => sum + (line.unitPrice + sellerDiscount(item, line)) * line.quantity, 0);
  const discount = item.lines.reduce((sum, line) => sum + sellerDiscount(item, line) * line.quantity, 0);
  const parentId = Number(`${item.orderNumber}0`);
  const splitChild = item.id !== `${item.orderNumber}0`;
  return {
    shipmentPackageId: packageId,
    orderNumber: item.orderNumber,
    orderDate: istanbulWallClock(placedAt),
    status: word,
    shipmentPackageStatus: word,
    packageGrossAmount: lira(gross),
    packageSellerDiscount: lira(discount),
    packageTyDiscount: 0,
    packageTotalDiscount: lira(discount),
    packageTotalPrice: lira(item.totalAmount),
    currencyCode: item.currency,
    customerFirstName: firstNames[buyer % firstNames.length],
    customerLastName: lastNames[buyer % lastNames.length],
    customerEmail: `pf+${buyer}@trendyolmail.com`,
    shipmentAddress: { city: 'İstanbul', district: 'Kadıköy', countryCode: 'TR' },
    cargoProviderName: 'Trendyol Express Marketplace',
    deliveryType: 'normal',
    createdBy: splitChild ? 'split' : 'order-creation',
    originPackageIds: splitChild ? [parentId] : null,
    lines,
    packageHistories: [{ createdDate: placedAt, status: 'Created' }],
    lastModifiedDate: istanbulWallClock(Date.parse(item.lastModifiedAt)),
  };
}

function toLine(item: SandboxPackage, line: SandboxLine, lineId: number, word: string) {
  const discount = sellerDiscount(item, line);
  const unitGross = line.unitPrice + discount;
  return {
    lineId,
    quantity: line.quantity,
    stockCode: line.sku,
    barcode: `869${String(stableNumber(line.sku)).padStart(10, '0')}`,
    productName: line.name,
    // The unit price before discounts; the net unit price is lineUnitPrice.
    lineGrossAmount: lira(unitGross),
    lineSellerDiscount: lira(discount * line.quantity),
    lineTyDiscount: 0,
    lineTotalDiscount: lira(discount * line.quantity),
    lineUnitPrice: lira(line.unitPrice),
    currencyCode: item.currency,
    orderLineItemStatusName: word,
    discountDetails: Array.from({ length: line.quantity }, () => ({
      lineItemPrice: lira(line.unitPrice),
      lineItemSellerDiscount: lira(discount),
      lineItemTyDiscount: 0,
    })),
  };
}

/** A seller discount (kuruş per unit) on about a third of the lines: 10 % of the net price, on top of it. */
function sellerDiscount(item: SandboxPackage, line: SandboxLine): number {
  return stableNumber(`${item.orderNumber}:${line.sku}`) % 3 === 0 ? Math.round(line.unitPrice / 10) : 0;
}

function newestModifiedFirst(items: readonly SandboxPackage[]): SandboxPackage[] {
  return [...items].sort((a, b) => b.lastModifiedAt.localeCompare(a.lastModifiedAt) || a.id.localeCompare(b.id));
}

/** `months` calendar months before the instant, counted on the Istanbul wall clock. */
function monthsBefore(instant: number, months: number): number {
  const wall = new Date(istanbulWallClock(instant));
  wall.setUTCMonth(wall.getUTCMonth() - months);
  return fromIstanbulWallClock(wall.getTime());
}

function streamCursor(offset: number, filter: string): string {
  return Buffer.from(JSON.stringify({ offset, filter })).toString('base64url');
}

function readStreamCursor(text: string): { offset: number; filter: string } | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { offset?: unknown; filter?: unknown };
    if (Number.isInteger(value.offset) && typeof value.filter === 'string') return { offset: value.offset as number, filter: value.filter };
  } catch {
    // fall through
  }
  return null;
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
