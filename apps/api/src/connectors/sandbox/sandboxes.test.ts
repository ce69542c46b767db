/**
 * Trendyol and N11 connectors over their sandboxes: each sandbox answers in its
 * marketplace's format of today, and the connector reading it returns exactly the orders the
 * sandbox generated (sandboxSales: split parents skipped, every package once), over ranges of
 * several windows; wrong secrets are refused the way the marketplace refuses them.
 * Hepsiburada, Çiçeksepeti, Amazon, Ticimax and Ideasoft: sandbox/{hepsiburada,ciceksepeti,amazon,ticimax,ideasoft}.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { n11Connector } from '../n11.ts';
import { trendyolConnector } from '../trendyol.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials, type MarketplaceOrder } from '../types.ts';
import { n11Sandbox } from './n11.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';
import { trendyolSandbox } from './trendyol.ts';

const dayMs = 86_400_000;
const now = Date.parse('2026-11-20T09:00:00Z');

const sandbox = useSandboxApp(async (app) => {
  const options = { delayMs: 0, now: () => now };
  await app.register(trendyolSandbox, { prefix: '/sandbox/trendyol', ...options });
  await app.register(n11Sandbox, { prefix: '/sandbox/n11', ...options });
});

const ctx = (code: string): ConnectorContext & { historyDays: number; now: () => number } => ({
  baseUrl: `${sandbox.origin}/sandbox/${code}`,
  retries: 0,
  timeoutMs: 5_000,
  historyDays: 365,
  // Trendyol measures the history it serves from "now": the sandbox's pinned clock.
  now: () => now,
});

async function readAll(
  connector: Connector,
  credentials: Credentials,
  range: { from: Date; to: Date },
): Promise<{ orders: MarketplaceOrder[]; calls: number }> {
  const orders: MarketplaceOrder[] = [];
  let cursor: string | null = null;
  let calls = 0;
  do {
    const page = await connector.listOrders(credentials, range, cursor, ctx(connector.code));
    orders.push(...page.orders);
    cursor = page.cursor;
    calls += 1;
  } while (cursor !== null && calls < 5_000);
  return { orders, calls };
}

const byId = (orders: MarketplaceOrder[]) => [...orders].sort((a, b) => a.id.localeCompare(b.id));

const cases: Array<{
  connector: Connector;
  good: Credentials;
  bad: Credentials;
  storeKey: string;
  splits: boolean;
  days: number;
  sameId?: boolean;
}> = [
  {
    connector: trendyolConnector,
    good: { seller_id: '987654', api_key: 'sandbox', api_secret: 'sandbox' },
    bad: { seller_id: '987654', api_key: 'sandbox', api_secret: 'nope' },
    storeKey: 'trendyol:987654',
    splits: true,
    days: 40,
  },
  {
    connector: n11Connector,
    good: { app_key: 'n11-app-key', app_secret: 'sandbox' },
    bad: { app_key: 'n11-app-key', app_secret: 'nope' },
    storeKey: 'n11:n11-app-key',
    splits: true,
    days: 35,
  },
];

describe.each(cases)('$connector.code over its sandbox', ({ connector, good, bad, storeKey, splits, days, sameId }) => {
  it('verifies good credentials and refuses wrong ones as bad credentials', async () => {
    await expect(connector.verify(good, ctx(connector.code))).resolves.toBeDefined();
    const error = await connector.verify(bad, ctx(connector.code)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('bad_credentials');
  });

  it('returns exactly the generated sales over several windows: split parents skipped, every package once', async () => {
    const range = { from: new Date(now - days * dayMs), to: new Date(now - 3_600_000) };
    const { orders } = await readAll(connector, good, range);
    const generated = sandboxSales(storeKey, range.from, range.to, { now: new Date(now), splits });
    const expected = sameId ? generated.map((order) => ({ ...order, id: order.orderNumber })) : generated;
    expect(expected.length).toBeGreaterThan(20);
    expect(byId(orders)).toEqual(byId(expected));
    if (splits) {
      const numbers = orders.map((order) => order.orderNumber);
      expect(new Set(numbers).size).toBeLessThan(numbers.length);
    }
  });
});
