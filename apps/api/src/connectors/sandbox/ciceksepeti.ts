/**
 * Çiçeksepeti sandbox under /sandbox/ciceksepeti: the products, GetOrders and getcanceledorders
 * paths, answering in the shapes of ciceksepeti-schema.ts (the sources are named there and in
 * samples/ciceksepeti/SOURCES.md; sandbox/ciceksepeti.test.ts validates every answer with them):
 * - `x-api-key: sandbox` is accepted; any other key gets 400 `{"message":"Geçersiz API Key"}`; the
 *   key `sandbox-ip-blocked` gets the HTML 403 page a non-Turkish network sees;
 * - GetOrders needs page ≥ 0, 1 ≤ pageSize ≤ 100 and at most 14 days between the dates; rows are
 *   sub-orders with `orderCreateDate` `dd/MM/yyyy` and `orderCreateTime` `HH:mm` (Istanbul time);
 *   `isOrderStatusActive: false` lists the cancelled sub-orders, anything else the live ones
 *   (statuses 1, 2, 11, 3, 5, 7); a returned sub-order stays "Teslim Edildi" here. A cancelled
 *   sub-order's status id is undocumented: it keeps the last one it reached, and only
 *   `isOrderStatusActive: false` says it is cancelled. The answer has no page count;
 * - getcanceledorders lists, by order date (`startDate`/`endDate`) or by the date of the cancel or
 *   return (`cancellation…`), never both, at most a month, the last month without dates: the
 *   cancelled sub-orders (cancelType 1) and the returns (cancelType 2), plus returns that did not
 *   take the sale back (sent back to the buyer, an exchange, refused by the seller);
 * - pacing as documented: two list calls of one seller less than 5 s apart get 429, the same list
 *   request again within a minute gets 429 with Retry-After, and the same products query within 10
 *   minutes too. The options or SANDBOX_CICEKSEPETI_PACING / SANDBOX_CICEKSEPETI_REPEAT (ms, or
 *   `off`; REPEAT `off` also lifts the products rule) change them so tests run fast. The refusal
 *   bodies are undocumented.
 * The store is the seller id at the front of the User-Agent: `ciceksepeti:{sellerId}`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { istanbulLocalTime, parseIstanbulLocal } from '@worq/domain/calendar';
import {
  lira,
  openSandbox,
  sandboxSecret,
  sandboxTimeScale,
  stableNumber,
  type SandboxLine,
  type SandboxOptions,
  type SandboxPackage,
} from './orders.ts';

const maxPageSize = 100;
const dayMs = 86_400_000;
const windowMs = 14 * dayMs;
const claimWindowMs = 31 * dayMs;
export const ipBlockedKey = 'sandbox-ip-blocked';

export interface CiceksepetiSandboxOptions extends SandboxOptions {
  /** Least ms between two list calls of a seller; 0 switches it off. Default env, else 5000. */
  ciceksepetiPacingMs?: number;
  /** How long the same list request is refused again; 0 switches it off. Default env, else 60 000. */
  ciceksepetiRepeatMs?: number;
  /** How long the same products query is refused again; 0 switches it off. Default 10 minutes (off with REPEAT=off). */
  ciceksepetiProductRepeatMs?: number;
}

function limit(option: number | undefined, envName: string, fallback: number): number {
  if (option !== undefined) return option;
  const raw = process.env[envName]?.trim().toLowerCase();
  if (raw === 'off' || raw === 'false') return 0;
  const value = Number(raw);
  return raw && Number.isFinite(value) && value >= 0 ? value : fallback;
}

interface Body {
  startDate?: unknown;
  endDate?: unknown;
  cancellationStartDate?: unknown;
  cancellationEndDate?: unknown;
  page?: unknown;
  pageSize?: unknown;
  isOrderStatusActive?: unknown;
  orderItemStatusId?: unknown;
}

const blockedPage =
  "<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Access Denied</h1><p>You don't have permission to access this server.</p></body></html>";

/** The sub-order status a live sandbox order shows (returned orders stay delivered here). */
function liveStatus(item: SandboxPackage): { id: number; text: string } {
  const roll = stableNumber(`cs-status:${item.id}`) % 3;
  switch (item.status) {
    case 'created':
      return { id: 1, text: 'Yeni' };
    case 'preparing':
      return roll === 0 ? { id: 11, text: 'Kargoya Verilecek' } : { id: 2, text: 'Hazırlanıyor' };
    case 'shipped':
      // Flowers go out with Çiçeksepeti's own van: "Arabaya Verildi".
      return roll === 0 ? { id: 3, text: 'Arabaya Verildi' } : { id: 5, text: 'Kargoya Verildi' };
    default:
      return { id: 7, text: 'Teslim Edildi' };
  }
}

/** Return states in the order a return goes through them (statuses 20–23). */
const returnStates = [
  { id: 20, text: 'İade Süreci Başladı' },
  { id: 21, text: 'İade Kargoda' },
  { id: 23, text: 'İade Tedarikçi Onayı Bekliyor' },
  { id: 22, text: 'İade Tedarikçide' },
];

export async function ciceksepetiSandbox(app: FastifyInstance, options: CiceksepetiSandboxOptions): Promise<void> {
  // The documented waits, sped up by the time scale.
  const timeScale = sandboxTimeScale(options);
  const pacingMs = limit(options.ciceksepetiPacingMs, 'SANDBOX_CICEKSEPETI_PACING', 5_000) * timeScale;
  const repeatMs = limit(options.ciceksepetiRepeatMs, 'SANDBOX_CICEKSEPETI_REPEAT', 60_000) * timeScale;
  const productRepeatMs = limit(options.ciceksepetiProductRepeatMs, 'SANDBOX_CICEKSEPETI_REPEAT', 10 * 60_000) * timeScale;
  const lastCall = new Map<string, number>();
  const recentQueries = new Map<string, number>();

  const { clock: sandboxClock, orders } = openSandbox(
    app,
    options,
    (request) => {
      const key = request.headers['x-api-key'];
      if (key === ipBlockedKey) return { status: 403, contentType: 'text/html; charset=utf-8', body: blockedPage };
      if (key !== sandboxSecret) return { status: 400, body: { message: 'Geçersiz API Key' } };
      return null;
    },
    (request) => request.url.includes('/api/v1/Order/'),
  );

  /** A refusal when the same request came within `windowMs`; records the request otherwise. */
  const repeated = (reply: FastifyReply, key: string, windowMs: number, message: string) => {
    const clock = Date.now();
    for (const [known, at] of recentQueries) if (clock - at >= Math.max(repeatMs, productRepeatMs)) recentQueries.delete(known);
    const asked = recentQueries.get(key);
    if (windowMs > 0 && asked !== undefined && clock - asked < windowMs) return tooMany(reply, windowMs - (clock - asked), message);
    if (windowMs > 0) recentQueries.set(key, clock);
    return null;
  };

  /** Pacing and repeat refusal of the list paths; null when the call may go on. */
  const listRefusal = (reply: FastifyReply, seller: string, path: string, body: Body) => {
    const clock = Date.now();
    const previous = lastCall.get(seller);
    if (pacingMs > 0 && previous !== undefined && clock - previous < pacingMs) {
      return tooMany(reply, pacingMs - (clock - previous), 'Çok sık istek gönderdiniz. Lütfen 5 saniye sonra tekrar deneyin.');
    }
    const refused = repeated(
      reply,
      `${seller}|${path}|${JSON.stringify(body)}`,
      repeatMs,
      'Aynı istek 1 dakika içinde tekrar gönderilemez.',
    );
    if (refused) return refused;
    lastCall.set(seller, clock);
    return null;
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/Products', async (request, reply) => {
    const seller = sellerOf(request.headers['user-agent']);
    const refused = repeated(
      reply,
      `${seller}|products|${request.url}`,
      productRepeatMs,
      'Aynı sorgu 10 dakika içinde tekrar gönderilemez.',
    );
    if (refused) return refused;
    const page = Math.max(1, Number(request.query.Page ?? request.query.page ?? 1) || 1);
    const pageSize = Math.min(60, Math.max(1, Number(request.query.PageSize ?? request.query.pageSize ?? 20) || 20));
    const totalCount = 10 + (stableNumber(`cs-products:${seller}`) % 90);
    const products = Array.from({ length: Math.max(0, Math.min(pageSize, totalCount - (page - 1) * pageSize)) }, (_, index) => {
      const number = (page - 1) * pageSize + index + 1;
      return {
        productName: `Sandbox Çiçek Aranjmanı ${number}`,
        productCode: `kc${100000 + number}`,
        stockCode: `SKU-${number}`,
        productStatusType: 'YAYINDA',
        isActive: true,
        stockQuantity: 5 + (number % 30),
        salesPrice: 349.9 + (number % 12) * 50,
        listPrice: 449.9 + (number % 12) * 50,
      };
    });
    return { totalCount, products };
  });

  app.post<{ Body: Body | undefined }>('/api/v1/Order/GetOrders', async (request, reply) => {
    const body = request.body ?? {};
    const paging = pagingOf(body);
    if (!paging) return reply.code(400).send({ message: 'Page en az 0, PageSize 1 ile 100 arasında olmalıdır.' });
    const start = parseRequestDate(body.startDate);
    const last = parseRequestDate(body.endDate);
    if (start === null || last === null || last < start) return reply.code(400).send({ message: 'StartDate ve EndDate zorunludur.' });
    if (last - start > windowMs) {
      return reply.code(400).send({ message: 'StartDate ile EndDate arasındaki fark 2 haftadan fazla olamaz.' });
    }
    const seller = sellerOf(request.headers['user-agent']);
    const refused = listRefusal(reply, seller, 'GetOrders', body);
    if (refused) return refused;

    const active = body.isOrderStatusActive !== false && body.isOrderStatusActive !== 'false';
    // endDate is inclusive.
    const packages = orders(`ciceksepeti:${seller}`, start, last + 1, sandboxClock()).filter(
      (item) => item.status !== 'split' && (item.status === 'cancelled') !== active,
    );
    const rows = packages.flatMap((item) => item.lines.map((line, index) => orderRow(item, line, index, active)));
    return {
      orderListCount: rows.length,
      supplierOrderListWithBranch: rows.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize),
    };
  });

  app.post<{ Body: Body | undefined }>('/api/v1/Order/getcanceledorders', async (request, reply) => {
    const body = request.body ?? {};
    const paging = pagingOf(body);
    if (!paging) return reply.code(400).send({ message: 'Page en az 0 ve PageSize 1 ile 100 arasında olmalıdır.' });
    const byOrderDate = body.startDate !== undefined || body.endDate !== undefined;
    const byCancelDate = body.cancellationStartDate !== undefined || body.cancellationEndDate !== undefined;
    if (byOrderDate && byCancelDate) {
      return reply.code(400).send({ message: 'Sipariş tarihi ve iptal tarihi birlikte gönderilemez.' });
    }
    const now = sandboxClock();
    const start = byOrderDate
      ? parseRequestDate(body.startDate)
      : byCancelDate
        ? parseRequestDate(body.cancellationStartDate)
        : now - 30 * dayMs;
    const last = byOrderDate ? parseRequestDate(body.endDate) : byCancelDate ? parseRequestDate(body.cancellationEndDate) : now;
    if (start === null || last === null || last < start) return reply.code(400).send({ message: 'Tarih aralığı geçersiz.' });
    if (last - start > claimWindowMs) return reply.code(400).send({ message: 'Tarih aralığı en fazla 1 ay olabilir.' });
    const seller = sellerOf(request.headers['user-agent']);
    const refused = listRefusal(reply, seller, 'getcanceledorders', body);
    if (refused) return refused;

    // Orders placed before the range may have been cancelled or returned inside it.
    const from = byOrderDate ? start : start - 20 * dayMs;
    const rows = orders(`ciceksepeti:${seller}`, from, last + 1, now)
      .filter((item) => byOrderDate || (Date.parse(item.lastModifiedAt) >= start && Date.parse(item.lastModifiedAt) <= last))
      .flatMap((item) => claimRows(item, now));
    const statusId = Number(body.orderItemStatusId);
    const listed =
      body.orderItemStatusId === undefined || body.orderItemStatusId === null ? rows : rows.filter((row) => row.statusId === statusId);
    return {
      orderItemList: listed.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize).map((row) => row.answer),
    };
  });
}

function pagingOf(body: Body): { page: number; pageSize: number } | null {
  const page = Number(body.page);
  const pageSize = Number(body.pageSize);
  if (!Number.isInteger(page) || page < 0 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) return null;
  return { page, pageSize };
}

const dayOf = (wall: string) => `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}`;

/** One GetOrders row: a sub-order, buyer details included as Çiçeksepeti sends them (the connector must not keep them). */
function orderRow(item: SandboxPackage, line: SandboxLine, index: number, active: boolean) {
  const status = active ? liveStatus(item) : { id: 1, text: 'Yeni' };
  const placed = istanbulLocalTime(Date.parse(item.orderedAt));
  const modified = istanbulLocalTime(Date.parse(item.lastModifiedAt));
  const buyer = stableNumber(item.orderNumber);
  return {
    branchId: 150_000_000_000 + (stableNumber(item.orderNumber.slice(0, 2)) % 1_000_000),
    orderId: Number(item.id),
    orderItemId: Number(item.id) * 10 + index,
    orderCreateDate: dayOf(placed),
    orderCreateTime: placed.slice(11, 16),
    orderModifyDate: dayOf(modified),
    orderModifyTime: modified.slice(11, 16),
    orderItemStatusId: status.id,
    orderProductStatus: status.text,
    isOrderStatusActive: active,
    productId: stableNumber(`cs-product:${line.sku}`) % 10_000_000,
    productCode: `kc${stableNumber(line.sku) % 1_000_000}`,
    code: line.sku,
    barcode: null,
    name: line.name,
    quantity: line.quantity,
    quantityUnit: 'Adet',
    itemPrice: lira(line.unitPrice),
    totalPrice: lira(line.unitPrice * line.quantity),
    discount: 0,
    branchDiscountPart: 0,
    csDiscountPart: 0,
    invoicePrice: lira(line.unitPrice * line.quantity),
    tax: 20,
    cargoPrice: 0,
    deliveryCharge: 0,
    cargoCompany: 'Yurtiçi Kargo',
    cargoModelType: 1,
    orderPaymentType: 'Kredi Kartı',
    receiverName: buyer % 2 === 0 ? 'Ayşe Yılmaz' : 'Mehmet Kaya',
    receiverCity: 'İzmir',
    receiverDistrict: 'Bornova',
    cardMessage: 'İyi ki doğdun',
  };
}

/** What getcanceledorders lists for one order: one row per sub-order, or none. */
function claimRows(item: SandboxPackage, now: number): { statusId: number; answer: Record<string, unknown> }[] {
  const roll = stableNumber(`cs-claim:${item.id}`) % 20;
  let claim: { statusId: number; status: string; reasonId: number | null; decision: string; cancelType: number } | null = null;
  if (item.status === 'cancelled') claim = { statusId: 0, status: 'İptal Edildi', reasonId: null, decision: '', cancelType: 1 };
  else if (item.status === 'returned') {
    const age = Math.min(returnStates.length - 1, Math.floor((now - Date.parse(item.lastModifiedAt)) / dayMs));
    const state = returnStates[Math.max(0, age)]!;
    claim = {
      statusId: state.id,
      status: state.text,
      reasonId: 1,
      decision: roll % 2 === 0 ? 'Bayi Onay' : 'Müşteri Haklı',
      cancelType: 2,
    };
  } else if (item.status === 'delivered' && roll === 0) {
    // The seller was right: the product goes back to the buyer, the sale stands.
    claim = { statusId: 22, status: 'İade Tedarikçide', reasonId: 1, decision: 'Bayi Haklı', cancelType: 3 };
  } else if (item.status === 'delivered' && roll === 1) {
    claim = { statusId: 22, status: 'İade Tedarikçide', reasonId: 2, decision: 'Bayi Onay', cancelType: 2 };
  } else if (item.status === 'delivered' && roll === 2) {
    claim = { statusId: 22, status: 'İade Tedarikçide', reasonId: 1, decision: 'Bayi Red', cancelType: 2 };
  }
  if (!claim) return [];
  const found = claim;
  return item.lines.map((line, index) => ({
    statusId: found.statusId,
    answer: {
      orderId: Number(item.id),
      orderItemId: Number(item.id) * 10 + index,
      customerName: stableNumber(item.orderNumber) % 2 === 0 ? 'Ayşe Yılmaz' : 'Mehmet Kaya',
      price: lira(line.unitPrice),
      orderItemStatus: found.status,
      cancelReason: found.reasonId === 2 ? 'Değişim Sebepleri' : found.reasonId === 1 ? 'İade Sebepleri' : 'İptal Sebepleri',
      subCancelReason: 'Diğer',
      cancelReasonId: found.reasonId,
      subCancelReasonId: 6,
      orderItemCancelStatus: found.decision,
      cargoCompany: 'Yurtiçi Kargo',
      shipmentTrackingUrl: null,
      shipmentNumber: null,
      partialNumber: `${item.id}-${index + 1}`,
      variantName: 'Standart',
      supplierProductVariantCode: line.sku,
      productName: line.name,
      productCode: `kc${stableNumber(line.sku) % 1_000_000}`,
      supplierProductCode: line.sku,
      texts: [],
      cancelType: found.cancelType,
    },
  }));
}

function tooMany(reply: FastifyReply, waitMs: number, message: string) {
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ message });
}

function sellerOf(userAgent: string | undefined): string {
  return /^\s*([^\s-]+)/.exec(userAgent ?? '')?.[1] ?? 'ciceksepeti';
}

/** An ISO date, zoned (`Z`, `+03:00`) or not (then Istanbul wall clock) → epoch ms, or null. */
function parseRequestDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const ms = zoned ? Date.parse(text) : parseIstanbulLocal(text.length === 10 ? `${text}T00:00:00` : text);
  return Number.isFinite(ms) ? ms : null;
}
