/**
 * The N11 connector over its sandbox: every sandbox answer validates against the schemas the
 * connector parses with (n11-schema.ts), the sandbox keeps n11's rules (one status a request, no
 * Returned status, returns as claims, n11depom orders only for `sender` N11, a range over 15 days
 * cut to its last 15 days, `id: null` for "Konuma Özel Teslimat"), and the connector reading it
 * returns exactly what the sandbox generated. sandboxes.test.ts reads a store without location
 * delivery the same way.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rejection } from '../connector-test-kit.ts';
import { readClaimReturnList } from '../n11-claims.ts';
import { n11ClaimReturnListAnswer, n11PackagesAnswer } from '../n11-schema.ts';
import { n11Connector, type N11Context } from '../n11.ts';
import { readAllOrders } from '../connector-test-kit.ts';
import type { MarketplaceOrder } from '../types.ts';
import { n11Sandbox, n11SandboxDeliversToLocation, n11SandboxLineId, n11SandboxSender, n11SandboxWithoutId } from './n11.ts';
import { sandboxOrders, toMarketplaceOrder } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';

const dayMs = 86_400_000;
const now = Date.parse('2026-11-20T09:00:00Z');

const sandbox = useSandboxApp(async (app) => {
  await app.register(n11Sandbox, { prefix: '/sandbox/n11', delayMs: 0, now: () => now });
});

/** A store that offers "Konuma Özel Teslimat". */
const appKey = 'n11-store-1';
const credentials = { app_key: appKey, app_secret: 'sandbox' };

const answers: { path: string; issues: z.core.$ZodIssue[] }[] = [];
const checkingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const path = new URL(String(input)).pathname;
  if (response.ok && path.endsWith('/shipmentPackages')) {
    const result = n11PackagesAnswer.safeParse(await response.clone().json());
    answers.push({ path, issues: result.success ? [] : result.error.issues });
  } else if (response.ok && path.endsWith('/returnService/')) {
    const read = readClaimReturnList(await response.clone().text());
    const result = n11ClaimReturnListAnswer.safeParse(read && 'response' in read ? read.response : null);
    answers.push({ path, issues: result.success ? [] : result.error.issues });
  }
  return response;
};

const ctx = (extra: Partial<N11Context> = {}): N11Context => ({
  baseUrl: `${sandbox.origin}/sandbox/n11`,
  retries: 0,
  timeoutMs: 5_000,
  fetch: checkingFetch,
  ...extra,
});

const byId = (orders: MarketplaceOrder[]) => [...orders].sort((a, b) => a.id.localeCompare(b.id));

/** What a correct connector returns: every package but split parents, a package without id keyed by its order number and line ids. */
function expectedSales(key: string, range: { from: Date; to: Date }): MarketplaceOrder[] {
  return sandboxOrders(`n11:${key}`, range.from, range.to, { now: new Date(now), splits: true })
    .filter((item) => item.status !== 'split')
    .map((item) => {
      const order = toMarketplaceOrder(item);
      if (!n11SandboxWithoutId(item, key)) return order;
      const lineIds = item.lines.map((_, index) => String(n11SandboxLineId(item, index))).sort();
      return { ...order, id: [item.orderNumber, ...lineIds].join('-') };
    });
}

async function packages(query: Record<string, string>, key = appKey) {
  const response = await fetch(`${sandbox.origin}/sandbox/n11/rest/delivery/v1/shipmentPackages?${new URLSearchParams(query)}`, {
    headers: { appkey: key, appsecret: 'sandbox' },
  });
  return { status: response.status, body: response.ok ? n11PackagesAnswer.parse(await response.json()) : null };
}

const wall = (ms: number) => String(ms + 3 * 3_600_000);

describe('N11 connector over its sandbox', () => {
  it('returns exactly the sandbox sales over several windows, returns, n11depom orders and id-less packages included, every answer in the documented shape', async () => {
    answers.length = 0;
    const range = { from: new Date(now - 35 * dayMs), to: new Date(now - 3_600_000) };
    const { orders } = await readAllOrders(n11Connector, credentials, range, ctx());
    const expected = expectedSales(appKey, range);
    const generated = sandboxOrders(`n11:${appKey}`, range.from, range.to, { now: new Date(now), splits: true });
    expect(n11SandboxDeliversToLocation(appKey)).toBe(true);
    expect(generated.some((item) => n11SandboxWithoutId(item, appKey))).toBe(true);
    expect(generated.some((item) => n11SandboxSender(item) === 'N11')).toBe(true);
    expect(expected.some((order) => order.status === 'returned')).toBe(true);
    expect(byId(orders)).toEqual(byId(expected));
    expect(answers.some((answer) => answer.path.endsWith('/returnService/'))).toBe(true);
    expect(answers.filter((answer) => answer.issues.length > 0)).toEqual([]);
  });

  it('has no Returned status: a returned package reads Delivered and its return is a claim', async () => {
    const window = { startDate: wall(now - 9 * dayMs), endDate: wall(now - 6 * dayMs - 1), page: '0', size: '100' };
    expect((await packages({ ...window, status: 'Returned' })).status).toBe(400);
    const { body } = await packages({ ...window, status: 'Delivered', sender: 'ALL' });
    expect(body!.totalPages).toBe(1);
    const delivered = body!.content;
    const returned = sandboxOrders(`n11:${appKey}`, new Date(now - 9 * dayMs), new Date(now - 6 * dayMs), {
      now: new Date(now),
      splits: true,
    }).filter((item) => item.status === 'returned');
    expect(returned.length).toBeGreaterThan(0);
    const servedIds = new Set(delivered.map((item) => item.orderNumber));
    expect(returned.every((item) => servedIds.has(item.orderNumber))).toBe(true);
  });

  it('leaves n11depom orders out unless sender N11 is asked for: a connector reading SELLER alone misses them', async () => {
    const range = { from: new Date(now - 10 * dayMs), to: new Date(now - 3_600_000) };
    const all = expectedSales(appKey, range);
    const sellerOnly = (await readAllOrders(n11Connector, credentials, range, ctx({ senders: ['SELLER'] }))).orders;
    const everyFulfilment = (await readAllOrders(n11Connector, credentials, range, ctx())).orders;
    expect(sellerOnly.length).toBeLessThan(all.length);
    expect(everyFulfilment).toHaveLength(all.length);
  });

  it('cuts a range over 15 days to its last 15 days without a word', async () => {
    const end = now - dayMs;
    const wide = await packages({
      startDate: wall(end - 30 * dayMs),
      endDate: wall(end - 1),
      status: 'Delivered',
      sender: 'ALL',
      size: '100',
    });
    const last = await packages({
      startDate: wall(end - 15 * dayMs),
      endDate: wall(end - 1),
      status: 'Delivered',
      sender: 'ALL',
      size: '100',
    });
    expect(wide.status).toBe(200);
    expect(wide.body!.totalElements).toBe(last.body!.totalElements);
  });

  it("bills what the seller invoices: a package's totalAmount is what the buyer paid, n11's discounts taken off", async () => {
    const { body } = await packages({
      startDate: wall(now - 14 * dayMs),
      endDate: wall(now - 1),
      status: 'Delivered',
      sender: 'ALL',
      size: '100',
    });
    const differing = body!.content.filter((item) => {
      const billed = (item.lines ?? []).reduce((sum, line) => sum + Math.round((line.sellerInvoiceAmount ?? 0) * 100), 0);
      return billed !== Math.round((item.totalAmount ?? 0) * 100);
    });
    expect(differing.length).toBeGreaterThan(0);
  });

  it('refuses a wrong secret on each service the way n11 does, each read as bad credentials', async () => {
    const wrong = { app_key: appKey, app_secret: 'nope' };
    expect((await rejection(n11Connector.verify(wrong, ctx()))).kind).toBe('bad_credentials');
    const range = { from: new Date(now - dayMs), to: new Date(now - 3_600_000) };
    expect((await rejection(n11Connector.listOrders(wrong, range, null, ctx()))).kind).toBe('bad_credentials');
    // The claims pass comes after the status passes: start there with a cursor of a good run.
    let cursor: string | null = null;
    for (let step = 0; step < 10; step++) cursor = (await n11Connector.listOrders(credentials, range, cursor, ctx())).cursor;
    expect((await rejection(n11Connector.listOrders(wrong, range, cursor, ctx()))).kind).toBe('bad_credentials');
  });
});
