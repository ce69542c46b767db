/**
 * The waits connectors keep between their calls, on a clock that can be swapped: the real one in
 * the product, a virtual one in bench/orders, which adds each wait to its time instead of sleeping,
 * so a paced import of hours is simulated in seconds (connectors/pacing.ts models the same waits).
 */

/** A marketplace's request budget per key (app key, seller …) within this process. */
export interface RequestBudget {
  requests: number;
  perMs: number;
}

/** The clock pacers read and wait on. */
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: PacingClock = {
  now: () => Date.now(),
  sleep: (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
};

/** A budget whose time span is multiplied by `scale` (the sandbox's time scale); null stays null. */
export function scaledBudget(budget: RequestBudget | null, scale: number): RequestBudget | null {
  return budget && { requests: budget.requests, perMs: budget.perMs * scale };
}

/**
 * A `waitForSlot(key)` that lets at most `budget.requests` calls of one key start in any
 * `budget.perMs`: every call of that key (verify, paging, health checks) waits for a free slot, so
 * reading a long range slows down instead of earning 429s.
 */
export function slidingWindowLimiter(budget: RequestBudget): (key: string, clock?: PacingClock) => Promise<void> {
  const started = new Map<string, number[]>();
  return async function waitForSlot(key, clock = realClock) {
    for (;;) {
      const now = clock.now();
      const recent = (started.get(key) ?? []).filter((at) => now - at < budget.perMs);
      if (recent.length < budget.requests) {
        recent.push(now);
        started.set(key, recent);
        return;
      }
      await clock.sleep(budget.perMs - (now - recent[0]!) + 1);
    }
  };
}

/** A bucket of `burst` requests per key, refilled at `perSecond` (Amazon's usage plans). */
export interface RequestBucket {
  burst: number;
  perSecond: number;
}

/**
 * A `takeToken(key, maxWaitMs)` over a token bucket per key: it waits for a token when one comes
 * within `maxWaitMs` and takes it (answering 0); otherwise it takes nothing and answers how long
 * until one is there, so the caller can hand the wait to the sync instead of holding a task.
 */
export function tokenBucket(bucket: RequestBucket): (key: string, maxWaitMs: number, clock?: PacingClock) => Promise<number> {
  const state = new Map<string, { tokens: number; at: number }>();
  return async function takeToken(key, maxWaitMs, clock = realClock) {
    for (;;) {
      const now = clock.now();
      const current = state.get(key) ?? { tokens: bucket.burst, at: now };
      const tokens = Math.min(bucket.burst, current.tokens + ((now - current.at) / 1000) * bucket.perSecond);
      if (tokens >= 1) {
        state.set(key, { tokens: tokens - 1, at: now });
        return 0;
      }
      state.set(key, { tokens, at: now });
      const waitMs = Math.ceil(((1 - tokens) / bucket.perSecond) * 1000);
      if (waitMs > maxWaitMs) return waitMs;
      await clock.sleep(waitMs);
    }
  };
}

const sharedLimiters = new Map<string, ReturnType<typeof slidingWindowLimiter>>();

/**
 * The process's one limiter of `budget` for `name` (a marketplace and what it paces): every call
 * under that name and budget shares its slots, whichever context asked.
 */
export function sharedLimiter(name: string, budget: RequestBudget): ReturnType<typeof slidingWindowLimiter> {
  const id = `${name}|${budget.requests}/${budget.perMs}`;
  let limiter = sharedLimiters.get(id);
  if (!limiter) sharedLimiters.set(id, (limiter = slidingWindowLimiter(budget)));
  return limiter;
}
