/**
 * How a queue retries a failed attempt: the wait doubles from `baseMs` after each attempt, up to
 * `capMs`, until `maxAttempts` are used or the next attempt would start past the job's deadline.
 * The task runner: 500 ms, 3 attempts, within the task's 2-minute deadline. Message delivery:
 * 30 s doubling up to an hour, 8 attempts, no deadline.
 */
export interface RetryPolicy {
  maxAttempts: number;
  /** Wait before the second attempt. */
  baseMs: number;
  /** The longest wait (none: keeps doubling). */
  capMs?: number;
}

/** The wait before attempt `attempts + 1`: base·2^(attempts−1), capped. */
export function retryDelayMs(policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>, attempts: number): number {
  return Math.min(policy.capMs ?? Infinity, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The wait before another attempt after `attempts` failed ones, or undefined when the job should be
 * given up on: attempts used up, or the next one would not start before `deadline`.
 */
export function nextRetryMs(policy: RetryPolicy, attempts: number, deadline?: Date, now = Date.now()): number | undefined {
  if (attempts >= policy.maxAttempts) return undefined;
  const delay = retryDelayMs(policy, attempts);
  if (deadline && now + delay >= deadline.getTime()) return undefined;
  return delay;
}
