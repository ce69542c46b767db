import { describe, expect, it } from 'vitest';
import { parseSoapXml, selectSiparisEnvelope, ticimaxConnector, ticimaxSelectSiparisAction } from '../ticimax.ts';
import { ticimaxSelectSiparisAnswer } from '../ticimax-schema.ts';
import { ConnectorError, type MarketplaceOrder } from '../types.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';
import { ticimaxSandbox, ticimaxSandboxBodyLimit, ticimaxSandboxVariant } from './ticimax.ts';

const now = Date.parse('2026-11-20T09:00:00Z');
const sandbox = useSandboxApp((app) =>
  app.register(ticimaxSandbox, { prefix: '/sandbox/ticimax', delayMs: 0, now: () => now, ticimaxPartialReturns: true }),
);
const base = () => `${sandbox.origin}/sandbox/ticimax`;

const credentials = { store_domain: 'www.magaza.com', authorization_code: 'sandbox' };

describe('Ticimax connector against its sandbox', () => {
  it('verifies the authorization code sandbox', async () => {
    await expect(ticimaxConnector.verify(credentials, { baseUrl: base(), retries: 0 })).resolves.toEqual({ storeName: 'www.magaza.com' });
  });

  it('faults another code with "Hatalı Kullanıcı Kodu", which the connector reports as ticimax_bad_code', async () => {
    const error = await ticimaxConnector
      .verify({ ...credentials, authorization_code: 'yanlis' }, { baseUrl: base(), retries: 0 })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).messageKey).toBe('ticimax_bad_code');
  });

  it('refuses a call without the SelectSiparis SOAPAction like WCF does', async () => {
    const response = await fetch(`${base()}/Servis/SiparisServis.svc`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<x/>',
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('ActionNotSupported');
  });

  it('lists every order page exactly as the sandbox generated them, cancelled products included', async () => {
    const range = { from: new Date(now - 40 * 86_400_000), to: new Date(now - 3_600_000) };
    const orders: MarketplaceOrder[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const result = await ticimaxConnector.listOrders(credentials, range, cursor, { baseUrl: base(), retries: 0 });
      orders.push(...result.orders);
      cursor = result.cursor;
      pages += 1;
    } while (cursor !== null);
    const expected = sandboxSales('ticimax:sandbox', range.from, range.to, { now: new Date(now) });
    expect(expected.length).toBeGreaterThan(300);
    expect(pages).toBeGreaterThan(3);
    expect(expected.some((order) => order.status === 'cancelled' && order.lines.length > 0)).toBe(true);
    const byId = (list: MarketplaceOrder[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    // Requests leave the order where it was; a partial return takes only the returned line away.
    const variants = expected.map((order) => ticimaxSandboxVariant(order, true));
    expect(variants.some((variant) => variant && 'request' in variant)).toBe(true);
    expect(variants.some((variant) => variant && 'partialReturnLine' in variant)).toBe(true);
    const afterReturns = expected.map((order, index) => {
      const variant = variants[index];
      if (!variant || !('partialReturnLine' in variant)) return order;
      const returned = order.lines[variant.partialReturnLine]!;
      return { ...order, totalAmount: order.totalAmount - returned.amount, lines: order.lines.filter((line) => line !== returned) };
    });
    expect(byId(orders)).toEqual(byId(afterReturns));
  });

  it('answers every SelectSiparis in the shape the connector parses (ticimax-schema.ts), requests and partial returns included', async () => {
    const durums = new Set<string>();
    for (let start = 0; ; start += 100) {
      const envelope = selectSiparisEnvelope({
        uyeKodu: 'sandbox',
        from: new Date(now - 40 * 86_400_000),
        to: new Date(now),
        startIndex: start,
        count: 100,
        withProducts: true,
      });
      const response = await fetch(`${base()}/Servis/SiparisServis.svc`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${ticimaxSelectSiparisAction}"` },
        body: envelope,
      });
      expect(response.status).toBe(200);
      const answer = ticimaxSelectSiparisAnswer.parse(parseSoapXml(await response.text()));
      const result = answer.Envelope.Body.SelectSiparisResponse.SelectSiparisResult;
      const rows = typeof result === 'string' ? [] : (result.WebSiparis ?? []);
      for (const row of rows) durums.add(row.Durum);
      if (rows.length < 100) break;
    }
    expect([...durums].sort((a, b) => Number(a) - Number(b))).toEqual(['0', '4', '6', '7', '8', '9', '11', '14', '15', '16', '17']);
  });

  it('answers 64 KB of garbage with a quick 400 SOAP fault, never a bare 500', async () => {
    const garbage = Buffer.alloc(64 * 1024, '<a b="').toString();
    const started = performance.now();
    const response = await fetch(`${base()}/Servis/SiparisServis.svc`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"http://tempuri.org/ISiparisServis/SelectSiparis"' },
      body: garbage,
    });
    const text = await response.text();
    expect(performance.now() - started).toBeLessThan(500);
    expect(response.status).toBe(400);
    expect(text).toContain('<s:Fault>');
  });

  it('answers an oversized request with a 413 SOAP fault', async () => {
    const response = await fetch(`${base()}/Servis/SiparisServis.svc`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"http://tempuri.org/ISiparisServis/SelectSiparis"' },
      body: `<x>${'y'.repeat(ticimaxSandboxBodyLimit)}</x>`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('<s:Fault>');
  });
});
