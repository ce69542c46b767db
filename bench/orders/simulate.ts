// The first import of a store with about 50,000 orders on each marketplace, at its documented
// pacing, without waiting for it: each connector reads its sandbox (answer delay 0, time scale 1:
// the documented limits) as the sync reads a new store (the recent days, then the older history),
// and every wait its pacer keeps, or the sync would keep after a rate limit, is added to a virtual
// clock instead of slept. Each page is saved as the sync saves it (upsertOrders). Reported per
// marketplace: requests, the virtual (paced) time, the real CPU and wall time, the orders saved, and
// the pacing model's estimate of the same import (modules/insight/import-progress.ts).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import type { MarketplaceCode } from '../../apps/api/src/config.ts';
import { connectors, sandboxFetch } from '../../apps/api/src/connectors/registry.ts';
import type { PacingClock } from '../../apps/api/src/connectors/rate-limit.ts';
import { sandboxOrders } from '../../apps/api/src/connectors/sandbox/orders.ts';
import { sandboxPlugin } from '../../apps/api/src/connectors/sandbox/sandbox-plugin.ts';
import { ConnectorError, type ConnectorContext, type Credentials } from '../../apps/api/src/connectors/types.ts';
import type { Db } from '../../apps/api/src/db/client.ts';
import { estimateFirstImport, firstImportWalks } from '../../apps/api/src/modules/insight/import-progress.ts';
import { upsertOrders } from '../../apps/api/src/modules/insight/sync-repository.ts';

const dayMs = 86_400_000;
const publicUrl = 'https://bench.invalid';

/** A clock whose sleeps only move its time; sleeps that overlap (concurrent requests) move it once. */
export class VirtualClock implements PacingClock {
  constructor(private time: number) {}
  now = (): number => this.time;
  sleep = async (ms: number): Promise<void> => {
    const wake = this.time + Math.max(0, ms);
    await Promise.resolve();
    this.time = Math.max(this.time, wake);
  };
}

export interface SimulatedImport {
  code: MarketplaceCode;
  /** Orders the sandbox store placed in the range the import reads (split parents left out). */
  served: number;
  saved: number;
  requests: number;
  /** Virtual time: the waits of the pacing (the answers take no time). */
  pacedMs: number;
  cpuMs: number;
  wallMs: number;
  model: { requests: number; pacedMs: number };
}

interface Store {
  storeKey: string;
  credentials: Credentials;
  splits?: boolean;
  ctx?: Partial<ConnectorContext> & Record<string, unknown>;
}

function storeOf(code: MarketplaceCode): Store {
  switch (code) {
    case 'trendyol':
      return { storeKey: 'trendyol:500001', credentials: { seller_id: '500001', api_key: 'sandbox', api_secret: 'sandbox' }, splits: true };
    case 'hepsiburada':
      return { storeKey: 'hepsiburada:bench-hb', credentials: { merchant_id: 'bench-hb', service_key: 'sandbox' } };
    case 'n11':
      return { storeKey: 'n11:bench-n11', credentials: { app_key: 'bench-n11', app_secret: 'sandbox' }, splits: true };
    case 'ciceksepeti':
      return { storeKey: 'ciceksepeti:500002', credentials: { seller_id: '500002', api_key: 'sandbox' } };
    case 'amazon':
      return {
        storeKey: 'amazon:BENCHAMZ1',
        credentials: { refresh_token: 'Atzr|sandbox.BENCHAMZ1.bench', selling_partner_id: 'BENCHAMZ1' },
        ctx: { lwaBaseUrl: `${publicUrl}/sandbox/amazon`, clientId: 'bench', clientSecret: 'sandbox' },
      };
    case 'ideasoft':
      return {
        storeKey: 'ideasoft:bench-ideasoft',
        credentials: {
          store_url: 'https://bench.myideasoft.com',
          client_id: 'bench-ideasoft',
          client_secret: 'sandbox',
          refresh_token: `sbxr.${Buffer.from('bench-ideasoft').toString('base64url')}.bench`,
        },
      };
    case 'ticimax':
      return { storeKey: 'ticimax:sandbox', credentials: { store_domain: 'https://bench.ticimax.example', authorization_code: 'sandbox' } };
  }
}

/**
 * Reads one sandbox store of about `targetOrders` orders the way the sync reads a new store,
 * saving into `db` for `customerId` (an integration row is made for it).
 */
export async function simulateImport(
  code: MarketplaceCode,
  targetOrders: number,
  db: Db,
  customerId: string,
  marketplaceId: string,
): Promise<SimulatedImport> {
  const start = Date.now();
  const now = new Date(start);
  const clock = new VirtualClock(start);
  const store = storeOf(code);
  const walks = firstImportWalks(code, now);
  const historyDays = walks.history?.fromDaysAgo ?? walks.recent.fromDaysAgo;
  const from = new Date(start - historyDays * dayMs);
  const count = (scale: number) =>
    sandboxOrders(store.storeKey, from, now, { now, scale, splits: store.splits ?? false }).filter((item) => item.status !== 'split')
      .length;
  const scale = targetOrders / count(1);
  const served = count(scale);

  // The sandbox answers at once, keeps the documented limits on the virtual clock (Amazon's bucket),
  // and generates its orders as of that clock. Çiçeksepeti's sandbox measures its spacing on the real
  // clock, so its refusals are off here; the connector's own spacing is what is measured.
  process.env.SANDBOX_CICEKSEPETI_PACING = 'off';
  process.env.SANDBOX_CICEKSEPETI_REPEAT = 'off';
  const sandbox = Fastify({ logger: false });
  await sandbox.register(sandboxPlugin, { delayMs: 0, timeScale: 1, orderScale: scale, now: clock.now, publicUrl });
  await sandbox.ready();
  let requests = 0;
  const transport = sandboxFetch(sandbox, publicUrl);
  const counting: typeof fetch = (input, init) => {
    requests += 1;
    return transport(input, init);
  };

  const integrationId = randomUUID();
  await db.execute(sql`
    insert into integrations (id, customer_id, marketplace_id, store_name, status)
    values (${integrationId}::uuid, ${customerId}::uuid, ${marketplaceId}::uuid, ${`Bench ${code}`}, 'active')`);

  const connector = connectors[code];
  const credentials = { ...store.credentials };
  const ctx: ConnectorContext = {
    baseUrl: `${publicUrl}/sandbox/${code}`,
    fetch: counting,
    clock,
    timeScale: 1,
    retries: 0,
    onSecretsRotated: async (rotated) => {
      Object.assign(credentials, rotated);
    },
    ...(code === 'trendyol' ? { now: clock.now } : {}),
    ...store.ctx,
  };

  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const ranges = [walks.recent, ...(walks.history ? [walks.history] : [])].map((walk) => ({
    from: new Date(start - walk.fromDaysAgo * dayMs),
    to: new Date(start - walk.toDaysAgo * dayMs),
  }));
  for (const range of ranges) {
    let cursor: string | null = null;
    for (;;) {
      let page;
      try {
        page = await connector.listOrders(credentials, range, cursor, ctx);
      } catch (error) {
        // A rate limit pauses the store until the marketplace allows the next call, as the sync does.
        if (error instanceof ConnectorError && error.kind === 'rate_limited') {
          await clock.sleep(error.options.retryAfterMs ?? 60_000);
          continue;
        }
        throw error;
      }
      await upsertOrders(db, customerId, integrationId, page.orders);
      cursor = page.cursor;
      if (cursor === null) break;
    }
  }
  const wallMs = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  await sandbox.close();

  const saved = Number(
    (
      (await db.execute(sql`select count(*) as n from marketplace_orders where integration_id = ${integrationId}::uuid`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows[0]!.n,
  );
  const lines = sandboxOrders(store.storeKey, new Date(start - 30 * dayMs), now, { now, scale: 1 });
  const linesPerOrder = lines.reduce((sum, item) => sum + item.lines.length, 0) / Math.max(1, lines.length);
  const pacing = connector.pacing?.(ctx) ?? { budget: null };
  const estimate = estimateFirstImport(code, pacing, { orders: served, days: historyDays, linesPerOrder }, 0, now);
  return {
    code,
    served,
    saved,
    requests,
    pacedMs: clock.now() - start,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    model: { requests: estimate.requests, pacedMs: estimate.pacedMs },
  };
}
