/**
 * Çiçeksepeti sandbox under /sandbox/ciceksepeti: the products and GetOrders paths, answering as
 * Çiçeksepeti does today (docs/reference/MARKETPLACES.md):
 * - `x-api-key: sandbox` is accepted; any other key gets 400 `{"message":"Geçersiz API Key"}`; the
 *   key `sandbox-ip-blocked` gets the HTML 403 page a non-Turkish network sees;
 * - GetOrders needs page ≥ 0, 1 ≤ pageSize ≤ 100 and at most 14 days between the dates, and
 *   serves `isOrderStatusActive: true` (new, preparing, shipped) and `false` (delivered, cancelled,
 *   returned) separately; rows are order items, `orderCreateDate` `dd.MM.yyyy` + `orderCreateTime`
 *   in Istanbul time;
 * - two GetOrders calls of one seller less than the pacing apart (default 5 s) get 429, and the same
 *   query again within the repeat window (default 10 minutes) gets 429 with Retry-After. Both
 *   limits come from the options or SANDBOX_CICEKSEPETI_PACING / SANDBOX_CICEKSEPETI_REPEAT
 *   (milliseconds, or `off`) so tests run fast. The exact refusal bodies are unconfirmed.
 * The store is the seller id at the front of the User-Agent: `ciceksepeti:{sellerId}`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { lira, openSandbox, sandboxSecret, stableNumber, type SandboxOptions, type SandboxStatus } from './orders.ts';

const maxPageSize = 100;
const windowMs = 14 * 86_400_000;
const istanbulOffsetMs = 3 * 3_600_000;
export const ipBlockedKey = 'sandbox-ip-blocked';

export interface CiceksepetiSandboxOptions extends SandboxOptions {
  /** Least ms between two GetOrders calls of a seller; 0 switches it off. Default env, else 5000. */
  ciceksepetiPacingMs?: number;
  /** How long the same query is refused again; 0 switches it off. Default env, else 10 minutes. */
  ciceksepetiRepeatMs?: number;
}

function limit(option: number | undefined, envName: string, fallback: number): number {
  if (option !== undefined) return option;
  const raw = process.env[envName]?.trim().toLowerCase();
  if (raw === 'off' || raw === 'false') return 0;
  const value = Number(raw);
  return raw && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Item status id and panel text per status; cancellation and return ids are unconfirmed. */
const statusOf: Record<Exclude<SandboxStatus, 'split'>, { id: number; text: string; active: boolean }> = {
  created: { id: 1, text: 'Yeni', active: true },
  preparing: { id: 2, text: 'Hazırlanıyor', active: true },
  shipped: { id: 5, text: 'Kargoya Verildi', active: true },
  delivered: { id: 7, text: 'Teslim Edildi', active: false },
  cancelled: { id: 4, text: 'İptal Edildi', active: false },
  returned: { id: 8, text: 'İade Edildi', active: false },
};

interface GetOrdersBody {
  startDate?: unknown;
  endDate?: unknown;
  page?: unknown;
  pageSize?: unknown;
  isOrderStatusActive?: unknown;
}

const blockedPage =
  "<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Access Denied</h1><p>You don't have permission to access this server.</p></body></html>";

export async function ciceksepetiSandbox(app: FastifyInstance, options: CiceksepetiSandboxOptions): Promise<void> {
  const pacingMs = limit(options.ciceksepetiPacingMs, 'SANDBOX_CICEKSEPETI_PACING', 5_000);
  const repeatMs = limit(options.ciceksepetiRepeatMs, 'SANDBOX_CICEKSEPETI_REPEAT', 10 * 60_000);
  const lastCall = new Map<string, number>();
  const recentQueries = new Map<string, number>();

  const { clock: sandboxClock, orders } = openSandbox(app, options, (request) => {
    const key = request.headers['x-api-key'];
    if (key === ipBlockedKey) return { status: 403, contentType: 'text/html; charset=utf-8', body: blockedPage };
    if (key !== sandboxSecret) return { status: 400, body: { message: 'Geçersiz API Key' } };
    return null;
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/Products', async (request) => {
    const seller = sellerOf(request.headers['user-agent']);
    const page = Math.max(1, Number(request.query.Page ?? request.query.page ?? 1) || 1);
    const pageSize = Math.min(60, Math.max(1, Number(request.query.PageSize ?? request.query.pageSize ?? 20) || 20));
    const totalCount = 10 + (stableNumber(`cs-products:${seller}`) % 90);
    const products = Array.from({ length: Math.max(0, Math.min(pageSize, totalCount - (page - 1) * pageSize)) }, (_, index) => {
      const number = (page - 1) * pageSize + index + 1;
      return {
        productName: `Sandbox Çiçek Aranjmanı ${number}`,
        productCode: `CS${number}`,
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

  app.post<{ Body: GetOrdersBody | undefined }>('/api/v1/Order/GetOrders', async (request, reply) => {
    const body = request.body ?? {};
    const page = Number(body.page);
    const pageSize = Number(body.pageSize);
    if (!Number.isInteger(page) || page < 0 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
      return reply.code(400).send({ message: 'Page en az 0, PageSize 1 ile 100 arasında olmalıdır.' });
    }
    const start = parseIstanbulTime(body.startDate);
    const last = parseIstanbulTime(body.endDate);
    if (start === null || last === null || last < start) return reply.code(400).send({ message: 'StartDate ve EndDate zorunludur.' });
    if (last - start > windowMs) {
      return reply.code(400).send({ message: 'StartDate ile EndDate arasındaki fark 14 günden fazla olamaz.' });
    }
    const seller = sellerOf(request.headers['user-agent']);
    const clock = Date.now();
    const previous = lastCall.get(seller);
    if (pacingMs > 0 && previous !== undefined && clock - previous < pacingMs) {
      return tooMany(
        reply,
        pacingMs - (clock - previous),
        'Çok sık istek gönderdiniz. Sipariş listesi en fazla 5 saniyede bir sorgulanabilir.',
      );
    }
    const active = body.isOrderStatusActive === true || body.isOrderStatusActive === 'true';
    const queryKey = `${seller}|${JSON.stringify([body.startDate, body.endDate, page, pageSize, active])}`;
    for (const [key, at] of recentQueries) if (clock - at >= repeatMs) recentQueries.delete(key);
    const asked = recentQueries.get(queryKey);
    if (repeatMs > 0 && asked !== undefined) {
      return tooMany(reply, repeatMs - (clock - asked), 'Aynı sorgu 10 dakika içinde tekrar gönderilemez.');
    }
    lastCall.set(seller, clock);
    if (repeatMs > 0) recentQueries.set(queryKey, clock);

    // endDate is inclusive to the second.
    const packages = orders(`ciceksepeti:${seller}`, start, last + 1000, sandboxClock()).filter(
      (item) => item.status !== 'split' && statusOf[item.status].active === active,
    );
    const items = packages.flatMap((item) => {
      const status = statusOf[item.status as Exclude<SandboxStatus, 'split'>];
      const local = new Date(Date.parse(item.orderedAt) + istanbulOffsetMs).toISOString();
      const modified = new Date(Date.parse(item.lastModifiedAt) + istanbulOffsetMs).toISOString();
      return item.lines.map((line, index) => ({
        orderId: Number(item.id),
        orderItemId: Number(item.id) * 10 + index,
        orderCreateDate: `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)}`,
        orderCreateTime: local.slice(11, 19),
        orderModifyDate: `${modified.slice(8, 10)}.${modified.slice(5, 7)}.${modified.slice(0, 4)} ${modified.slice(11, 19)}`,
        orderItemStatusId: status.id,
        orderProductStatus: status.text,
        productId: stableNumber(`cs-product:${line.sku}`) % 10_000_000,
        productCode: `CS${stableNumber(line.sku) % 1_000_000}`,
        stockCode: line.sku,
        name: line.name,
        quantity: line.quantity,
        itemPrice: lira(line.unitPrice),
        totalPrice: lira(line.unitPrice * line.quantity),
        discount: 0,
        currency: item.currency,
        isOrderStatusActive: active,
        cargoCompany: 'Yurtiçi Kargo',
      }));
    });
    return {
      orderListCount: items.length,
      pageCount: Math.ceil(items.length / pageSize),
      supplierOrderListWithBranch: items.slice(page * pageSize, (page + 1) * pageSize),
    };
  });
}

function tooMany(reply: FastifyReply, waitMs: number, message: string) {
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ message });
}

function sellerOf(userAgent: string | undefined): string {
  return /^\s*([^\s-]+)\s*-/.exec(userAgent ?? '')?.[1] ?? 'ciceksepeti';
}

/** `yyyy-MM-ddTHH:mm:ss` or `dd.MM.yyyy HH:mm:ss` in Istanbul time (or zoned) → epoch ms, or null. */
function parseIstanbulTime(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(value.trim());
  const text = dotted ? `${dotted[3]}-${dotted[2]}-${dotted[1]}T${dotted[4] ?? '00:00:00'}` : value.trim();
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const ms = Date.parse(zoned ? text : `${text}+03:00`);
  return Number.isFinite(ms) ? ms : null;
}
