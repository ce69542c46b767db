/*
 * N11 connector against a local server answering in the shapes of n11-schema.ts: shipmentPackages
 * pages (content, totalElements, totalPages, page, size; packages without an order date, dated by
 * their histories in Istanbul-wall-clock epochs), the return claims of `ReturnService.ClaimReturnList`
 * (SOAP), the product query's 401 `SellerApiUserUnauthorizedException` and the order service's 403
 * text/plain "Authentication failed". The documented samples are read in n11-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { n11Connector, n11FirstOrderMs, n11WindowMs, parsePackages, type N11Context } from './n11.ts';
import { sendJson, sendText, type TestHandler, type TestRequest } from './test-server.ts';

const credentials = { app_key: 'app-key-1', app_secret: 'app-secret-1' };
const dayMs = 86_400_000;
const wall = (ms: number) => ms + 3 * 3_600_000;

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler, extra: Partial<N11Context> = {}) => marketplace.serve<N11Context>(handler, extra);

const isClaims = (req: { path: string }) => req.path === '/ws/returnService/';

/** A ClaimReturnListResponse with the given claims, as n11's SOAP service writes it. */
function claimsAnswer(claims: { orderNumber: string; productId: number; status: string }[], pageCount = 1): string {
  const rows = claims
    .map(
      (claim, index) =>
        `<claimReturn><id>${index + 1}</id><status>${claim.status}</status><orderNumber>${claim.orderNumber}</orderNumber>` +
        `<productId>${claim.productId}</productId><quantity>1</quantity></claimReturn>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>` +
    `<ns3:ClaimReturnListResponse xmlns:ns3="http://www.n11.com/ws/schemas"><result><status>success</status></result>` +
    (rows ? `<claimReturnList>${rows}</claimReturnList>` : '<claimReturnList/>') +
    `<pagingData><currentPage>0</currentPage><pageSize>20</pageSize><totalCount>${claims.length}</totalCount><pageCount>${pageCount}</pageCount></pagingData>` +
    `</ns3:ClaimReturnListResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>`
  );
}

/** One package; `at` is the instant it was placed. */
function pkg(id: number | null, at: number, status: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    id,
    orderNumber: '2011',
    shipmentPackageStatus: status,
    totalAmount: 1,
    customerfullName: 'Ayşe Yılmaz',
    customerEmail: 'ayse@example.com',
    packageHistories: [{ createdDate: wall(at), status: 'Created' }],
    lastModifiedDate: wall(at + dayMs),
    lines,
    ...extra,
  };
}

const line = (orderLineId: number, productId: number, fields: Record<string, unknown> = {}) => ({
  orderLineId,
  productId,
  stockCode: `SKU-${productId}`,
  productName: `Ürün ${productId}`,
  quantity: 1,
  price: 100,
  sellerInvoiceAmount: 100,
  ...fields,
});

/** A server listing `byStatus[status]` packages for sender SELLER, and `claims`. */
function lists(byStatus: Record<string, unknown[]>, claims: Parameters<typeof claimsAnswer>[0] = []): TestHandler {
  return (req: TestRequest, res) => {
    if (isClaims(req)) return sendText(res, 200, claimsAnswer(claims), 'text/xml');
    const content =
      req.query.get('sender') === 'SELLER' && req.query.get('page') === '0' ? (byStatus[req.query.get('status') ?? ''] ?? []) : [];
    sendJson(res, 200, { content, totalElements: content.length, totalPages: content.length > 0 ? 1 : 0, page: 0, size: 100 });
  };
}

const recent = () => ({ from: new Date(Date.now() - 2 * dayMs), to: new Date() });

describe('n11 connector', () => {
  it('verifies with one product query and the appkey/appsecret headers', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { content: [], totalElements: 0, totalPages: 0 }));
    await expect(n11Connector.verify(credentials, ctx)).resolves.toEqual({});
    const [request] = marketplace.server.requests;
    expect(request!.path).toBe('/ms/product-query');
    expect(request!.query.get('page')).toBe('0');
    expect(request!.query.get('size')).toBe('1');
    expect(request!.headers.appkey).toBe('app-key-1');
    expect(request!.headers.appsecret).toBe('app-secret-1');
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('maps 401 and a 403 naming the credentials to bad credentials; another 403 to forbidden', async () => {
    const ctx = await serve((req, res) => {
      if (req.headers.appsecret === 'wrong')
        sendJson(res, 401, { status: 401, error: 'Unauthorized', message: 'Invalid appKey or appSecret' });
      else if (req.headers.appsecret === 'words') sendJson(res, 403, { message: 'appKey or appSecret is invalid' });
      else sendJson(res, 403, { message: 'Access denied for this operation' });
    });
    const wrong = await rejection(n11Connector.verify({ ...credentials, app_secret: 'wrong' }, ctx));
    expect(wrong.kind).toBe('bad_credentials');
    expect(wrong.messageKey).toBe('marketplace_bad_credentials');
    expect((await rejection(n11Connector.verify({ ...credentials, app_secret: 'words' }, ctx))).kind).toBe('bad_credentials');
    expect((await rejection(n11Connector.verify(credentials, ctx))).kind).toBe('forbidden');
    expect(marketplace.server.requests).toHaveLength(3);
  });

  it('retries after a 429, and reports unavailable when 5xx never stops', async () => {
    let calls = 0;
    const ctx = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 429, {}, { 'retry-after': '0' });
      else if (calls === 2) sendJson(res, 200, { content: [] });
      else sendText(res, 500, 'Internal Server Error');
    });
    await expect(n11Connector.verify(credentials, ctx)).resolves.toEqual({});
    expect((await rejection(n11Connector.verify(credentials, ctx))).kind).toBe('unavailable');
    expect(marketplace.server.requests).toHaveLength(2 + 3);
  });

  it('reports an unparseable order page as unexpected', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { result: 'ok' }));
    const error = await rejection(n11Connector.listOrders(credentials, recent(), null, ctx));
    expect(error.kind).toBe('unexpected');
  });

  it('asks one status and one sender per request over 15-day windows in Istanbul-wall-clock epochs; the claims come before Delivered', async () => {
    const to = Date.now();
    const from = to - 20 * dayMs;
    const ctx = await serve(lists({}));
    await readAllOrders(n11Connector, credentials, { from: new Date(from), to: new Date(to) }, ctx);
    const asked = marketplace.server.requests.map((request) =>
      isClaims(request)
        ? `claims:${/<sender>(\w+)<\/sender>/.exec(request.body)![1]}`
        : `${request.query.get('status')}:${request.query.get('sender')}`,
    );
    const pass = (name: string) => [`${name}:SELLER`, `${name}:SELLER`, `${name}:N11`, `${name}:N11`];
    expect(asked).toEqual([
      ...pass('Created'),
      ...pass('Picking'),
      ...pass('Shipped'),
      ...pass('Cancelled'),
      ...pass('UnSupplied'),
      ...pass('claims'),
      ...pass('Delivered'),
    ]);
    const packageCalls = marketplace.server.requests.filter((request) => !isClaims(request));
    expect(Number(packageCalls[0]!.query.get('startDate'))).toBe(wall(from));
    for (const request of packageCalls) {
      expect(Number(request.query.get('endDate')) + 1 - Number(request.query.get('startDate'))).toBeLessThanOrEqual(n11WindowMs);
      expect(request.query.get('size')).toBe('100');
    }
    const claimCall = marketplace.server.requests.find(isClaims)!;
    expect(claimCall.body).toContain('<status>ALL</status>');
    expect(claimCall.body).toMatch(/<period><startDate>\d{2}\/\d{2}\/\d{4}<\/startDate><endDate>\d{2}\/\d{2}\/\d{4}<\/endDate><\/period>/);
    expect(claimCall.body).toContain('<appKey>app-key-1</appKey>');
  });

  it('keeps a "Konuma Özel Teslimat" package (id null), keyed by its order number and line ids', async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(lists({ Shipped: [pkg(null, at, 'Shipped', [line(77, 5), line(76, 6)], { orderNumber: '3001' })] }));
    const { orders } = await readAllOrders(n11Connector, credentials, recent(), ctx);
    expect(orders).toEqual([expect.objectContaining({ id: '3001-76-77', orderNumber: '3001', status: 'shipped', totalAmount: 20_000 })]);
  });

  it('reads returns from the claims: a delivered package whose every line has a standing claim is returned', async () => {
    const at = Date.now() - 10 * dayMs;
    const ctx = await serve(
      lists(
        {
          Delivered: [
            pkg(1, at, 'Delivered', [line(11, 100)], { orderNumber: 'A' }),
            pkg(2, at, 'Delivered', [line(21, 200), line(22, 201)], { orderNumber: 'B' }),
            pkg(3, at, 'Delivered', [line(31, 300)], { orderNumber: 'C' }),
            pkg(4, at, 'Delivered', [line(41, 400)], { orderNumber: 'D' }),
          ],
        },
        [
          { orderNumber: 'A', productId: 100, status: 'APPROVED' },
          // Only one of B's two lines: B stays delivered.
          { orderNumber: 'B', productId: 200, status: 'APPROVED' },
          { orderNumber: 'C', productId: 300, status: 'DENIED' },
          { orderNumber: 'D', productId: 400, status: 'CANCELLED' },
        ],
      ),
    );
    const { orders } = await readAllOrders(n11Connector, credentials, { from: new Date(at - dayMs), to: new Date() }, ctx);
    expect(Object.fromEntries(orders.map((order) => [order.orderNumber, order.status]))).toEqual({
      A: 'returned',
      B: 'delivered',
      C: 'delivered',
      D: 'delivered',
    });
  });

  it("bills a line at sellerInvoiceAmount (not the buyer's totalAmount), else price × quantity less the seller's discounts", async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(
      lists({
        Picking: [
          pkg(
            9,
            at,
            'Picking',
            [
              line(91, 1, {
                price: 469.59,
                sellerDiscount: 78.26,
                totalSellerDiscountPrice: 78.26,
                mallDiscount: 109,
                sellerInvoiceAmount: 391.33,
              }),
              line(92, 2, { quantity: 2, price: 50, totalSellerDiscountPrice: 10, sellerInvoiceAmount: undefined }),
            ],
            { totalAmount: 372.33 },
          ),
        ],
      }),
    );
    const { orders } = await readAllOrders(n11Connector, credentials, recent(), ctx);
    expect(orders[0]).toMatchObject({ totalAmount: 39_133 + 9_000, lines: [{ amount: 39_133 }, { quantity: 2, amount: 9_000 }] });
  });

  it('keeps a package with a status word it does not know (other), missing optional members, or only a last change', async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(
      lists({
        Shipped: [
          pkg(1, at, 'AtCollectionPoint', [line(11, 1)]),
          { id: 2, orderNumber: '2012', shipmentPackageStatus: 'Shipped', lastModifiedDate: wall(at), lines: [{ orderLineId: 21 }] },
          pkg(3, at, ' Shipped ', [line(31, 3)], {
            packageHistories: [
              { createdDate: wall(at + 60_000), status: ' Picking' },
              { createdDate: wall(at), status: ' Created' },
            ],
          }),
        ],
      }),
    );
    const { orders } = await readAllOrders(n11Connector, credentials, recent(), ctx);
    expect(orders.map(({ id, status, orderedAt, totalAmount }) => ({ id, status, orderedAt, totalAmount }))).toEqual([
      { id: '1', status: 'other', orderedAt: new Date(at).toISOString(), totalAmount: 10_000 },
      { id: '2', status: 'shipped', orderedAt: new Date(at).toISOString(), totalAmount: 0 },
      { id: '3', status: 'shipped', orderedAt: new Date(at).toISOString(), totalAmount: 10_000 },
    ]);
    expect(orders[1]!.lines).toEqual([{ sku: 'n11-21', name: '', quantity: 1, amount: 0 }]);
  });

  it('reads the dates as true instants when told n11 does not shift them', async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(lists({ Created: [pkg(1, at - 3 * 3_600_000, 'Created', [line(11, 1)])] }), { wallClockEpochs: false });
    const { orders } = await readAllOrders(n11Connector, credentials, recent(), ctx);
    expect(orders[0]!.orderedAt).toBe(new Date(at).toISOString());
    expect(Number(marketplace.server.requests[0]!.query.get('startDate'))).toBeLessThan(Date.now());
  });

  it('maps the order service\'s 403 "Authentication failed" and a failed claims answer to bad credentials', async () => {
    const ctx = await serve((_req, res) => sendText(res, 403, 'Authentication failed', 'text/plain'));
    expect((await rejection(n11Connector.listOrders(credentials, recent(), null, ctx))).kind).toBe('bad_credentials');

    const claims = await serve((req, res) => {
      if (!isClaims(req)) return sendJson(res, 200, { content: [], totalPages: 0 });
      sendText(
        res,
        200,
        '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><ns3:ClaimReturnListResponse xmlns:ns3="http://www.n11.com/ws/schemas">' +
          '<result><status>failure</status><errorCode>SELLER_API.authenticationFailed</errorCode><errorMessage>Apide doğrulama işlemi başarısız oldu.</errorMessage></result>' +
          '</ns3:ClaimReturnListResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>',
        'text/xml',
      );
    });
    const error = await readAllOrders(n11Connector, credentials, recent(), claims).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'bad_credentials' });
  });

  it('asks nothing before November 2024, and says so', async () => {
    expect(n11Connector.oldestServed?.(new Date())).toEqual(new Date('2024-10-31T21:00:00.000Z'));
    const ctx = await serve(lists({}));
    await readAllOrders(
      n11Connector,
      credentials,
      { from: new Date(Date.UTC(2024, 0, 1)), to: new Date(n11FirstOrderMs + 10 * dayMs) },
      ctx,
    );
    const packageCalls = marketplace.server.requests.filter((request) => !isClaims(request));
    expect(Math.min(...packageCalls.map((request) => Number(request.query.get('startDate'))))).toBe(wall(n11FirstOrderMs));
  });

  it('keeps each split package apart, skips a split parent and drops buyer details', () => {
    const at = Date.UTC(2026, 10, 1, 12, 0);
    const { orders } = parsePackages(
      {
        content: [
          pkg(1, at, 'Cancelled', [line(11, 1, { price: 10, sellerInvoiceAmount: 10 })], { orderNumber: '9' }),
          pkg(2, at, 'Cancelled', [line(21, 2, { price: 20, sellerInvoiceAmount: 20 })], { orderNumber: '9' }),
          pkg(3, at, 'UnPacked', [line(11, 1), line(21, 2)], { orderNumber: '9' }),
        ],
        totalPages: 1,
      },
      'cancelled',
    );
    expect(orders.map((order) => [order.id, order.orderNumber, order.totalAmount])).toEqual([
      ['1', '9', 1_000],
      ['2', '9', 2_000],
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/example\.com|Ayşe/);
  });
});
