import { describe, expect, it } from 'vitest';
import { ticimaxConnector } from '../ticimax.ts';
import { ConnectorError, type MarketplaceOrder } from '../types.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';
import { ticimaxSandbox, ticimaxSandboxBodyLimit } from './ticimax.ts';

const now = Date.parse('2026-11-20T09:00:00Z');
const sandbox = useSandboxApp((app) => app.register(ticimaxSandbox, { prefix: '/sandbox/ticimax', delayMs: 0, now: () => now }));
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
    expect(byId(orders)).toEqual(byId(expected));
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
