/**
 * Çiçeksepeti sandbox under /sandbox/ciceksepeti: the products and GetOrders paths. Accepts
 * `x-api-key: sandbox`; anything else gets 401 (body unconfirmed). The store is the seller id at
 * the front of the User-Agent. GetOrders refuses a span over 14 days and pageSize over 100, as
 * Çiçeksepeti does.
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

const maxPageSize = 100;
const windowMs = 14 * 86_400_000;
const turkeyOffsetMs = 3 * 3_600_000;

const statusOf: Record<OrderStatus, { id: number; text: string }> = {
  created: { id: 1, text: 'Yeni' },
  preparing: { id: 2, text: 'Hazırlanıyor' },
  shipped: { id: 5, text: 'Kargoya Verildi' },
  delivered: { id: 7, text: 'Teslim Edildi' },
  cancelled: { id: 3, text: 'İptal Edildi' },
  returned: { id: 8, text: 'İade Edildi' },
};

interface GetOrdersBody {
  startDate?: string;
  endDate?: string;
  page?: number;
  pageSize?: number;
}

export async function ciceksepetiSandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const delayMs = sandboxDelayMs(options);
  app.addHook('onRequest', async () => pause(delayMs));
  app.addHook('preHandler', async (request, reply) => {
    if (request.headers['x-api-key'] !== sandboxSecret) {
      return reply.code(401).send({ Message: 'Authorization has been denied for this request.' });
    }
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
      return reply.code(400).send({ Message: 'Page en az 0, PageSize 1 ile 100 arasında olmalıdır.' });
    }
    const start = typeof body.startDate === 'string' ? parseTurkeyTime(body.startDate) : null;
    const last = typeof body.endDate === 'string' ? parseTurkeyTime(body.endDate) : null;
    if (start === null || last === null || last < start) {
      return reply.code(400).send({ Message: 'StartDate ve EndDate zorunludur.' });
    }
    if (last - start > windowMs) {
      return reply.code(400).send({ Message: 'StartDate ile EndDate arasındaki fark 14 günden fazla olamaz.' });
    }
    const seller = sellerOf(request.headers['user-agent']);
    // endDate is inclusive to the second.
    const all = sandboxOrders(`ciceksepeti:${seller}`, new Date(start), new Date(last + 1000));
    const items = all.slice(page * pageSize, (page + 1) * pageSize).map((order) => {
      const detail = sandboxOrderDetail(order);
      const local = new Date(Date.parse(order.orderedAt) + turkeyOffsetMs).toISOString();
      const first = detail.lines[0]!;
      const status = statusOf[order.status];
      return {
        orderId: Number(order.id),
        orderItemId: stableNumber(`cs-item:${order.id}`),
        orderCreateDate: `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)}`,
        orderCreateTime: local.slice(11, 19),
        orderItemStatusId: status.id,
        orderProductStatus: status.text,
        productCode: first.sku,
        name: first.productName,
        quantity: order.itemCount,
        itemPrice: lira(Math.round(order.totalAmount / order.itemCount)),
        totalPrice: lira(order.totalAmount),
        discount: 0,
        currency: order.currency,
        receiverName: `${detail.customerFirstName} ${detail.customerLastName}`,
        receiverCity: detail.city,
        receiverDistrict: detail.district,
        cargoCompany: 'Yurtiçi Kargo',
        isOrderStatusActive: order.status !== 'cancelled',
      };
    });
    return { orderListCount: all.length, pageCount: Math.ceil(all.length / pageSize), supplierOrderListWithBranch: items };
  });
}

function sellerOf(userAgent: string | undefined): string {
  return /^(\S+) - /.exec(userAgent ?? '')?.[1] ?? 'ciceksepeti';
}

/** `yyyy-MM-ddTHH:mm:ss` (or with a zone) in Turkey time → epoch ms, or null. */
function parseTurkeyTime(text: string): number | null {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const ms = Date.parse(hasZone ? text : `${text}+03:00`);
  return Number.isFinite(ms) ? ms : null;
}
