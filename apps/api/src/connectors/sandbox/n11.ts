/**
 * N11 sandbox under /sandbox/n11, answering in the shapes of n11-schema.ts (the sources are named
 * there and in samples/n11/SOURCES.md; sandbox/n11.test.ts validates every answer with them):
 * - any `appkey` with `appsecret: sandbox`; otherwise the product query answers 401 JSON
 *   `SellerApiUserUnauthorizedException` and the order service 403 `text/plain` "Authentication
 *   failed"; the SOAP return service reads the credentials in its body and answers a failure result;
 * - shipmentPackages takes one `status` per request, `sender` SELLER (the default), N11 (n11depom)
 *   or ALL, dates as epoch milliseconds of the Istanbul wall clock, size ≤ 100, and serves nothing
 *   before November 2024. A range over 15 days is cut to its last 15 days without a word, as n11
 *   does. There is no Returned status: a returned package reads `Delivered`, and its return is a
 *   claim in `ReturnService.ClaimReturnList` (SOAP, 20 a page from 0, the period as `dd/MM/yyyy`).
 *   Some delivered packages carry a claim that was denied or withdrawn, which takes nothing back.
 * - a package has no order date: its history starts with Created when it was placed; the packages
 *   a split makes go on with Picking when the parent was split (later the same Istanbul day). Split
 *   parents are `UnPacked` (served only when asked for);
 * - about one order in ten is fulfilled from n11's warehouse (its lines' `sender` is N11); a quarter
 *   of the stores offer "Konuma Özel Teslimat", whose packages come with `id: null`;
 * - prices as n11 gives them: `price` before discounts, the seller's discount and n11's
 *   (`mallDiscount`, which n11 pays), `dueAmount` the buyer pays, `sellerInvoiceAmount` the seller
 *   invoices (the generated amount), and the package's `totalAmount` is what the buyer paid.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { XMLBuilder } from 'fast-xml-parser';
import { fromIstanbulWallClock, istanbulDay, istanbulDayEnd, istanbulWallClock, parseIstanbulLocal } from '@worq/domain/calendar';
import { readSoap, soapChild } from '../n11-claims.ts';
import { lira, openSandbox, sandboxSecret, stableNumber, type SandboxOptions, type SandboxPackage, type SandboxStatus } from './orders.ts';

const maxSize = 100;
const dayMs = 86_400_000;
const windowMs = 15 * dayMs;
const claimsPageSize = 20;

const firstOrderMs = Date.UTC(2024, 9, 31, 21, 0);

const statusWords: Record<SandboxStatus, string> = {
  created: 'Created',
  preparing: 'Picking',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  // n11's order service has no word for a return: the package stays delivered.
  returned: 'Delivered',
  split: 'UnPacked',
};
const knownStatuses = new Set([...Object.values(statusWords), 'UnSupplied']);
const senders = new Set(['SELLER', 'N11', 'ALL']);

type Query = { Querystring: Record<string, string | undefined> };

/** Who fulfils an order: n11's own warehouse (n11depom) for about one in ten, every package of it. */
export function n11SandboxSender(item: SandboxPackage): 'SELLER' | 'N11' {
  return stableNumber(`n11-sender:${item.orderNumber}`) % 10 === 3 ? 'N11' : 'SELLER';
}

/** Whether the store offers "Konuma Özel Teslimat" (a quarter of the sandbox stores do). */
export function n11SandboxDeliversToLocation(appKey: string): boolean {
  return stableNumber(`n11-location-delivery:${appKey}`) % 4 === 0;
}

/** Whether the package is a "Konuma Özel Teslimat" one, served with `id: null` (one in eight of such a store's orders). */
export function n11SandboxWithoutId(item: SandboxPackage, appKey: string): boolean {
  return (
    n11SandboxDeliversToLocation(appKey) &&
    isWholeOrder(item) &&
    item.status !== 'split' &&
    stableNumber(`n11-ktd:${item.orderNumber}`) % 8 === 3
  );
}

/** The package's line ids, as served (`orderLineId`). */
export const n11SandboxLineId = (item: SandboxPackage, index: number) => Number(item.id) * 10 + index;

/** An unsplit order's one package, or a split parent; packages a split made end in 1 or 2. */
const isWholeOrder = (item: SandboxPackage) => item.id.endsWith('0');

/** When a split order was split: later the same Istanbul day as the order. */
function splitAt(item: SandboxPackage): number {
  const at = Date.parse(item.orderedAt);
  const dayEnd = istanbulDayEnd(istanbulDay(at)).getTime() - 1_000;
  return Math.min(at + 3_600_000, dayEnd);
}

export async function n11Sandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { clock, orders } = openSandbox(
    app,
    options,
    (request) => {
      // The SOAP services carry the credentials in the body.
      if (request.url.startsWith(`${app.prefix}/ws/`)) return null;
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
          message: 'Apide doğrulama işlemi başarısız oldu.',
          path: request.url.split('?')[0],
        },
      };
    },
    (request) => /\/(rest\/delivery|ws\/returnService)\//.test(request.url),
  );
  app.addContentTypeParser(['text/xml', 'application/soap+xml'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

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
    const sender = request.query.sender ?? 'SELLER';
    if (!Number.isInteger(page) || page < 0 || !Number.isInteger(size) || size < 1 || size > maxSize) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: `page ≥ 0, 1 ≤ size ≤ ${maxSize}` });
    }
    if (!status || status.includes(',') || !knownStatuses.has(status)) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'status must be one package status' });
    }
    if (!senders.has(sender))
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'sender must be SELLER, N11 or ALL' });
    const now = clock();
    // The query's epochs are the Istanbul wall clock read as UTC, like n11's own dates.
    const start = request.query.startDate !== undefined ? fromIstanbulWallClock(Number(request.query.startDate)) : undefined;
    const last = request.query.endDate !== undefined ? fromIstanbulWallClock(Number(request.query.endDate)) : undefined;
    if ((start !== undefined && !Number.isFinite(start)) || (last !== undefined && !Number.isFinite(last))) {
      return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'startDate and endDate are epoch milliseconds' });
    }
    // A start alone reads the next 15 days; no dates the last 15; a wider range only its last 15 days.
    let end = last !== undefined ? last + 1 : start !== undefined ? start + windowMs : now;
    let from = start ?? end - windowMs;
    if (end - from > windowMs) from = end - windowMs;
    end = Math.min(end, now);
    const appKey = String(request.headers.appkey);
    const all = orders(`n11:${appKey}`, Math.max(from, firstOrderMs), end, now, true).filter(
      (item) => statusWords[item.status] === status && (sender === 'ALL' || n11SandboxSender(item) === sender),
    );
    const content = all.slice(page * size, (page + 1) * size).map((item) => packageOf(item, appKey, now));
    const totalPages = Math.ceil(all.length / size);
    return { content, totalElements: all.length, totalPages, pageCount: totalPages, page, size };
  });

  app.post<{ Body: string | undefined }>('/ws/returnService/', async (request, reply) => {
    const call = soapChild(soapChild(soapChild(readSoap(String(request.body ?? '')), 'Envelope'), 'Body'), 'ClaimReturnListRequest');
    if (call === undefined) return soapFault(reply, 'Unmarshalling Error: ClaimReturnListRequest expected');
    const auth = soapChild(call, 'auth');
    const text = (node: unknown, name: string) => {
      const value = soapChild(node, name);
      return typeof value === 'string' ? value : '';
    };
    if (!text(auth, 'appKey') || text(auth, 'appSecret') !== sandboxSecret) {
      return soapResponse(reply, failure('SELLER_API.authenticationFailed', 'Apide doğrulama işlemi başarısız oldu.'));
    }
    const search = soapChild(call, 'searchData');
    const period = soapChild(search, 'period');
    const startDay = dayOfClaim(text(period, 'startDate'));
    const endDay = dayOfClaim(text(period, 'endDate'));
    const page = Number(text(soapChild(call, 'pagingData'), 'currentPage') || 0);
    const wanted = text(search, 'status') || 'REQUESTED';
    const sender = text(search, 'sender') || 'SELLER';
    if (!startDay || !endDay || endDay < startDay || !Number.isInteger(page) || page < 0 || !senders.has(sender)) {
      return soapResponse(reply, failure('SELLER_API.invalidParameter', 'Geçersiz parametre.'));
    }
    const now = clock();
    const appKey = text(auth, 'appKey');
    // A claim is made days after the order: the orders of the days before the period can have one in it.
    const dayStart = (day: string) => parseIstanbulLocal(`${day}T00:00:00`);
    const packages = orders(`n11:${appKey}`, Math.max(dayStart(startDay) - 10 * dayMs, firstOrderMs), dayStart(endDay) + dayMs, now, true);
    const claims = packages
      .filter((item) => sender === 'ALL' || n11SandboxSender(item) === sender)
      .flatMap((item) => claimsOf(item, now))
      .filter((claim) => claim.day >= startDay && claim.day <= endDay && (wanted === 'ALL' || claim.status === wanted));
    const pageCount = Math.ceil(claims.length / claimsPageSize);
    const shown = claims.slice(page * claimsPageSize, (page + 1) * claimsPageSize);
    return soapResponse(reply, {
      result: { status: 'success' },
      claimReturnList: shown.length > 0 ? { claimReturn: shown.map((claim) => claim.element) } : '',
      pagingData: { currentPage: page, pageSize: claimsPageSize, totalCount: claims.length, pageCount },
    });
  });
}

/** One package as shipmentPackages lists it, buyer details included as n11 sends them (the connector must not keep them). */
function packageOf(item: SandboxPackage, appKey: string, now: number) {
  const wall = istanbulWallClock;
  const placed = Date.parse(item.orderedAt);
  const word = statusWords[item.status];
  // Unconfirmed: whether a package made by a split keeps the order's Created entry (here it does).
  const histories = [{ createdDate: wall(placed), status: 'Created' }];
  if (!isWholeOrder(item)) histories.push({ createdDate: wall(splitAt(item)), status: 'Picking' });
  // n11 writes some history words with a leading space (" Shipped").
  const changed = Math.max(Math.min(Date.parse(item.lastModifiedAt), now), fromIstanbulWallClock(histories.at(-1)!.createdDate));
  if (word !== histories.at(-1)!.status) histories.push({ createdDate: wall(changed), status: ` ${word}` });
  const modified = changed;
  const sender = n11SandboxSender(item);
  const lines = item.lines.map((line, index) => {
    const roll = stableNumber(`n11-price:${item.id}:${line.sku}`);
    const sellerDiscount = roll % 4 === 0 ? Math.round(line.unitPrice * 0.1) : 0;
    const gross = line.unitPrice * line.quantity;
    const mall = roll % 5 === 1 ? Math.round(gross * 0.15) : 0;
    return {
      orderLineId: n11SandboxLineId(item, index),
      productId: stableNumber(`n11-product:${line.sku}`) % 1_000_000_000,
      productName: line.name,
      stockCode: line.sku,
      barcode: null,
      quantity: line.quantity,
      price: lira(line.unitPrice + sellerDiscount),
      sellerDiscount: lira(sellerDiscount * line.quantity),
      sellerCouponDiscount: 0,
      totalSellerDiscountPrice: lira(sellerDiscount * line.quantity),
      mallDiscount: lira(mall),
      totalMallDiscountPrice: lira(mall),
      dueAmount: lira(gross - mall),
      sellerInvoiceAmount: lira(gross),
      installmentChargeWithVAT: 0,
      vatRate: 20,
      commissionRate: 12,
      orderItemLineItemStatusName: word,
      sender,
      variantAttributes: [],
      customTextOptionValues: [],
    };
  });
  const buyer = stableNumber(item.orderNumber);
  return {
    id: n11SandboxWithoutId(item, appKey) ? null : item.id,
    orderNumber: item.orderNumber,
    sellerId: stableNumber(appKey) % 1_000_000,
    customerfullName: buyer % 2 === 0 ? 'Ayşe Yılmaz' : 'Mehmet Kaya',
    customerEmail: `musteri${buyer % 10_000}@example.com`,
    shippingAddress: { city: 'İzmir', district: 'Bornova', fullName: 'Ayşe Yılmaz', gsm: '5000000000' },
    billingAddress: { city: 'İzmir', district: 'Bornova', fullName: 'Ayşe Yılmaz', gsm: '5000000000' },
    shipmentPackageStatus: word,
    cargoProviderName: 'Yurtiçi Kargo',
    cargoTrackingNumber: String(stableNumber(`n11-campaign:${item.id}`)),
    lines,
    lastModifiedDate: wall(modified),
    agreedDeliveryDate: wall(Date.parse(item.orderedAt) + 2 * dayMs),
    totalAmount: lira(lines.reduce((sum, line) => sum + Math.round(line.dueAmount * 100), 0)),
    totalDiscountAmount: lira(
      lines.reduce((sum, line) => sum + Math.round((line.totalSellerDiscountPrice + line.totalMallDiscountPrice) * 100), 0),
    ),
    packageHistories: histories,
  };
}

/** The return claims of a package: one per line of a returned package; a denied or withdrawn one on some delivered ones. */
function claimsOf(item: SandboxPackage, now: number): { day: string; status: string; element: Record<string, unknown> }[] {
  let status: string | null = null;
  const roll = stableNumber(`n11-claim:${item.id}`) % 40;
  if (item.status === 'returned') status = roll % 3 === 0 ? 'MANUAL_REFUND' : roll % 3 === 1 ? 'APPROVED' : 'REQUESTED';
  else if (item.status === 'delivered' && roll === 0) status = 'DENIED';
  else if (item.status === 'delivered' && roll === 1) status = 'CANCELLED';
  if (!status) return [];
  const requested = Math.min(Date.parse(item.lastModifiedAt), now);
  const day = istanbulDay(requested);
  const written = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  return item.lines.map((line, index) => ({
    day,
    status: status!,
    element: {
      id: stableNumber(`n11-claim-id:${item.id}:${index}`),
      status,
      executer: 'BUYER',
      sender: n11SandboxSender(item),
      reasonType: 'PRODUCT_DEFECT',
      orderNumber: item.orderNumber,
      productId: stableNumber(`n11-product:${line.sku}`) % 1_000_000_000,
      productName: line.name,
      quantity: line.quantity,
      unitPrice: lira(line.unitPrice).toFixed(2),
      finalPrice: lira(line.unitPrice * line.quantity).toFixed(2),
      requestDate: written,
      buyerName: 'Ayşe Yılmaz',
    },
  }));
}

// Empty elements written `<a/>`, as n11's service writes them.
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, suppressEmptyNode: true });

/** `dd/MM/yyyy` → `YYYY-MM-DD`, or '' when it is not one. */
function dayOfClaim(value: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

function failure(code: string, message: string): Record<string, unknown> {
  return { result: { status: 'failure', errorCode: code, errorMessage: message, errorCategory: 'SERVER' } };
}

const soapEnvelope = (header: boolean, body: Record<string, unknown>) =>
  xmlBuilder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'SOAP-ENV:Envelope': {
      '@_xmlns:SOAP-ENV': 'http://schemas.xmlsoap.org/soap/envelope/',
      ...(header ? { 'SOAP-ENV:Header': '' } : {}),
      'SOAP-ENV:Body': body,
    },
  });

function soapResponse(reply: FastifyReply, answer: Record<string, unknown>) {
  return reply
    .type('text/xml; charset=utf-8')
    .send(soapEnvelope(true, { 'ns3:ClaimReturnListResponse': { '@_xmlns:ns3': 'http://www.n11.com/ws/schemas', ...answer } }));
}

function soapFault(reply: FastifyReply, message: string) {
  return reply
    .code(500)
    .type('text/xml; charset=utf-8')
    .send(soapEnvelope(false, { 'SOAP-ENV:Fault': { faultcode: 'SOAP-ENV:Client', faultstring: message } }));
}
