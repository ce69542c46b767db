import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Keeps the counters in PostgreSQL (table rate_limit_hits) so that every API process behind a load
 * balancer counts against the same limit (ARCHITECTURE.md §3). One upsert per request: a window
 * that has ended restarts at 1.
 */
export function databaseRateLimitStore(db: Db, scope = 'global') {
  let hitsSinceCleanup = 0;
  const incr = (key: string, callback: IncrCallback, timeWindow: number) => {
    const fullKey = `${scope}|${key}`;
    db.execute<{ count: number; ttl: number }>(
      sql`
      insert into rate_limit_hits (key, count, reset_at)
      values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.count + 1 end,
        reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
      returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`,
    )
      .then((result) => {
        const row = (result as unknown as { rows: Array<{ count: number; ttl: number }> }).rows[0];
        callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        // Expired windows are useless; sweep them now and then instead of on every request.
        if (++hitsSinceCleanup >= 500) {
          hitsSinceCleanup = 0;
          db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`).catch(() => {});
        }
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  };
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      incr(key, callback, timeWindow);
    }
    child(routeOptions: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      // The plugin actually passes its merged settings, with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: Partial<RouteOptions> }).routeInfo ?? routeOptions;
      const Child = databaseRateLimitStore(db, `${String(route.method)} ${route.url ?? ''}`);
      return new Child();
    }
  };
}

/**
 * Registers @fastify/rate-limit without a global limit: a route opts in with
 * `config: { rateLimit: {} }` (the per-IP default of IP_RATE_LIMIT_PER_MINUTE per minute) or its
 * own `{ max, timeWindow, keyGenerator }`. Each route counts separately.
 */
async function rateLimitPlugin(app: FastifyInstance, options: { db: Db; perMinute: number }) {
  await app.register(rateLimit, {
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    store: databaseRateLimitStore(options.db),
    // A failing store is a database outage: the errors plugin answers 503 rather than letting traffic through.
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, context.statusCode === 403 ? 'forbidden' : 'too_many_requests', {
        extra: { retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors'] });
