import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
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
      const settings = routeOptions as { routeInfo?: Partial<RouteOptions>; groupId?: string };
      const route = settings.routeInfo ?? routeOptions;
      // The routes of one group share one counter (a GET with its HEAD twin); any other route counts on its own.
      const Child = databaseRateLimitStore(
        db,
        settings.groupId ? `group ${settings.groupId}` : `${String(route.method)} ${route.url ?? ''}`,
      );
      return new Child();
    }
  };
}

/**
 * Limits per signed-in customer (ARCHITECTURE.md §8) of signed-in routes that cost us more than they
 * cost the caller. Keyed by the customer, not the address: one seller behind an office NAT must not
 * use up a colleague's budget, and a script cannot dodge the limit by changing address. A window is
 * in milliseconds; each entry is one counter shared by the routes that name it.
 */
export const customerRateLimits = {
  /**
   * Each request is a row for the experts and an e-mail to the support inbox. A person writes one,
   * perhaps a correction: 5 an hour leaves room for that and keeps a script from flooding the team.
   */
  supportRequest: { max: 5, timeWindow: 60 * 60_000 },
  /**
   * Amazon and Ideasoft consent URLs: each stores a single-use state (and Ideasoft's typed secrets)
   * for 10 minutes. Connecting a store takes one or two, a few retries at most: 20 per 10 minutes.
   */
  authorizationUrl: { max: 20, timeWindow: 10 * 60_000 },
  /**
   * WorqInsight overview and tips (the CSV is written in the browser from the overview): each read
   * adds up to 366 days of orders. The dashboard reads both on every change of period or store and
   * the overview every 3 s while a store imports (20 a minute): 120 a minute is more than a person
   * clicks, and a scraper's loop is stopped within a minute.
   */
  insightRead: { max: 120, timeWindow: 60_000 },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type CustomerRateLimitName = keyof typeof customerRateLimits;

const groupIds: Record<CustomerRateLimitName, string> = {
  supportRequest: 'support_request',
  authorizationUrl: 'authorization_url',
  insightRead: 'insight_read',
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The route config of a per-customer limit: `config: app.customerRateLimit('supportRequest')`.
     * Counted after the route's preHandler (its token check), so a request refused 401 is never
     * counted, and keyed by the verified token's customer.
     */
    customerRateLimit(name: CustomerRateLimitName): { rateLimit: RateLimitOptions };
  }
}

/** The key of a per-customer limit: the customer of the token the route's preHandler verified. */
function customerKey(request: FastifyRequest): string {
  // A route without an authentication preHandler must not fall back to a shared key.
  if (!request.user) throw new AppError(401, 'unauthorized');
  return `customer|${request.user.customer_id}`;
}

/**
 * Registers @fastify/rate-limit without a global limit: a route opts in with
 * `config: { rateLimit: {} }` (the per-IP default of IP_RATE_LIMIT_PER_MINUTE per minute) or its
 * own `{ max, timeWindow, keyGenerator }`. Each route counts separately. Signed-in routes take a
 * per-customer limit with `config: app.customerRateLimit(name)` (numbers in customerRateLimits,
 * each max multiplied by CUSTOMER_RATE_LIMIT_FACTOR).
 */
async function rateLimitPlugin(app: FastifyInstance, options: { db: Db; perMinute: number; customerLimitFactor?: number }) {
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
  const factor = options.customerLimitFactor ?? 1;
  app.decorate('customerRateLimit', (name: CustomerRateLimitName) => ({
    rateLimit: {
      max: customerRateLimits[name].max * factor,
      timeWindow: customerRateLimits[name].timeWindow,
      // After authentication: @fastify/rate-limit counts onRequest by default, before the user is known.
      hook: 'preHandler' as const,
      groupId: groupIds[name],
      keyGenerator: customerKey,
    },
  }));
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors'] });
