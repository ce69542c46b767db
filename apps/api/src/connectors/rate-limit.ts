/**
 * A marketplace's request budget per key (app key, seller …) within this process: every call of
 * that key (verify, paging, health checks) waits for a free slot, so reading a long range slows
 * down instead of earning 429s.
 */
export interface RequestBudget {
  requests: number;
  perMs: number;
}

/** A `waitForSlot(key)` that lets at most `budget.requests` calls of one key start in any `budget.perMs`. */
export function slidingWindowLimiter(budget: RequestBudget): (key: string) => Promise<void> {
  const started = new Map<string, number[]>();
  return async function waitForSlot(key) {
    for (;;) {
      const now = Date.now();
      const recent = (started.get(key) ?? []).filter((at) => now - at < budget.perMs);
      if (recent.length < budget.requests) {
        recent.push(now);
        started.set(key, recent);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, budget.perMs - (now - recent[0]!) + 1));
    }
  };
}
