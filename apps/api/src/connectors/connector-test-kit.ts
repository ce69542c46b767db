/**
 * What the connector tests share: a local marketplace per test (test-server.ts), the ConnectorError
 * a call must fail with, reading a range to its end, cursor after cursor, the orders a test
 * expects, written out by hand, and the marketplaces' published sample answers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, expect } from 'vitest';
import { startTestServer, type TestHandler, type TestServer } from './test-server.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type DateRange,
  type MarketplaceOrder,
  type OrderPage,
} from './types.ts';

export interface LocalMarketplace {
  /** Starts a test server for the running test; every server started is closed after the test. */
  start(handler: TestHandler): Promise<TestServer>;
  /** Starts one and returns a connector context for it: 2 retries, 2 s timeout, plus `extra`. */
  serve<C extends ConnectorContext = ConnectorContext>(handler: TestHandler, extra?: Partial<C>): Promise<C>;
  /** The server the running test started last. */
  readonly server: TestServer;
}

/** The local marketplace of the tests in one file (call it at the top of the file). */
export function useLocalMarketplace(): LocalMarketplace {
  const running: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  const start = async (handler: TestHandler) => {
    const server = await startTestServer(handler);
    running.push(server);
    return server;
  };
  return {
    start,
    async serve<C extends ConnectorContext>(handler: TestHandler, extra?: Partial<C>) {
      const server = await start(handler);
      return { baseUrl: server.url, retries: 2, timeoutMs: 2_000, ...extra } as C;
    },
    get server() {
      const last = running.at(-1);
      if (!last) throw new Error('no test server was started in this test');
      return last;
    },
  };
}

/** The ConnectorError the call fails with (the test fails when it succeeds or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a ConnectorError');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

/** Every page of the range, following the cursors to the end. */
export async function readAllPages<C extends ConnectorContext>(
  connector: Pick<Connector, 'listOrders'>,
  credentials: Credentials,
  range: DateRange,
  ctx: C,
): Promise<OrderPage[]> {
  const pages: OrderPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await connector.listOrders(credentials, range, cursor, ctx);
    pages.push(page);
    cursor = page.cursor;
  } while (cursor !== null);
  return pages;
}

/** Every order of the range, following the cursors to the end, and how many calls that took. */
export async function readAllOrders<C extends ConnectorContext>(
  connector: Pick<Connector, 'listOrders'>,
  credentials: Credentials,
  range: DateRange,
  ctx: C,
): Promise<{ orders: MarketplaceOrder[]; calls: number }> {
  const pages = await readAllPages(connector, credentials, range, ctx);
  return { orders: pages.flatMap((page) => page.orders), calls: pages.length };
}

/** An order line a test expects. */
export const expectedLine = (sku: string, name: string, quantity: number, amount: number) => ({ sku, name, quantity, amount });

/** An order a test expects, in lira (TRY), whose order number is its id unless told. */
export const expectedOrder = (
  id: string,
  orderedAt: string,
  status: string,
  totalAmount: number,
  lines: ReturnType<typeof expectedLine>[],
  orderNumber = id,
) => ({
  id,
  orderNumber,
  orderedAt,
  status,
  totalAmount,
  currency: 'TRY',
  lines,
});

/**
 * A marketplace's published sample answers (connectors/samples/<code>/), each JSON file naming in
 * `_source` its sources and the day they were read.
 */
export function publishedSamples(code: string) {
  const samplesDir = new URL(`./samples/${code}/`, import.meta.url);
  const sample = (name: string): unknown => JSON.parse(readFileSync(new URL(name, samplesDir), 'utf8'));
  return {
    sample,
    /** The JSON files there are exactly `names`, and each names its sources and the day `read`. */
    expectSampleFiles(names: string[], read: string): void {
      const files = readdirSync(samplesDir).filter((name) => name.endsWith('.json'));
      expect(files.sort()).toEqual(names);
      for (const name of files) {
        const source = (sample(name) as { _source?: { read?: string; sources?: string[] } })._source;
        expect(source?.read, name).toBe(read);
        expect(source?.sources?.length, name).toBeGreaterThan(0);
      }
    },
  };
}
