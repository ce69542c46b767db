import { describe, expect, it, vi } from 'vitest';
import type { CoreLog } from './log.ts';
import { nextRetryMs, retryDelayMs } from './retry.ts';
import { schedule, Scheduler } from './schedule.ts';
import { QueueWorker, type QueueWorkerOptions } from './worker.ts';

/*
 * The queue core on an in-memory table: the same claim/lease/renew/sweep contract the task and
 * message tables keep in SQL, so these tests exercise only the machinery. Every wait is for a
 * positive signal (a gate opened, a hook called), never a sleep followed by an absence check.
 */

interface Row {
  id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  lockedBy?: string | undefined;
  lockedUntil?: number | undefined;
  runAfter: number;
}

class MemoryTable {
  readonly rows = new Map<string, Row>();
  add(id: string): void {
    this.rows.set(id, { id, status: 'pending', attempts: 0, runAfter: 0 });
  }
  claim(worker: string, max: number, leaseMs: number): Row[] {
    const now = Date.now();
    const ready = [...this.rows.values()].filter((row) => row.status === 'pending' && row.runAfter <= now).slice(0, max);
    for (const row of ready)
      Object.assign(row, { status: 'running', lockedBy: worker, lockedUntil: now + leaseMs, attempts: row.attempts + 1 });
    return ready.map((row) => ({ ...row }));
  }
  renew(worker: string, ids: string[], leaseMs: number): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row?.status === 'running' && row.lockedBy === worker) row.lockedUntil = Date.now() + leaseMs;
    }
  }
  sweep(): void {
    for (const row of this.rows.values()) {
      if (row.status === 'running' && (row.lockedUntil ?? 0) < Date.now())
        Object.assign(row, { status: 'pending', lockedBy: undefined, runAfter: 0 });
    }
  }
  set(id: string, worker: string, change: Partial<Row>): void {
    const row = this.rows.get(id);
    if (row?.status === 'running' && row.lockedBy === worker) Object.assign(row, change, { lockedBy: undefined, lockedUntil: undefined });
  }
}

function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const look = () => {
      if (check()) return resolve();
      if (Date.now() > deadline) return reject(new Error('timed out waiting'));
      setTimeout(look, 5);
    };
    look();
  });
}

const quietLog = (): CoreLog & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, warn: (_details, message) => warnings.push(message), error: (_details, message) => warnings.push(message) };
};

function worker(table: MemoryTable, name: string, options: Partial<QueueWorkerOptions<Row>> & { leaseMs?: number } = {}) {
  const leaseMs = options.leaseMs ?? 1_000;
  return new QueueWorker<Row>({
    name,
    log: quietLog(),
    lanes: [{ name: 'only', slots: 2 }],
    idOf: (row) => row.id,
    claim: async (_lane, max) => table.claim(name, max, leaseMs),
    run: async (row) => table.set(row.id, name, { status: 'done' }),
    lease: { ms: leaseMs, renew: async (ids) => table.renew(name, ids, leaseMs) },
    pollEveryMs: 10,
    shutdownGraceMs: 1_000,
    release: async (ids) => {
      for (const id of ids) table.set(id, name, { status: 'pending', attempts: table.rows.get(id)!.attempts - 1 });
    },
    ...options,
  });
}

describe('retry policy', () => {
  it("expresses the task runner's deadline and the message queue's capped doubling", () => {
    const messages = { maxAttempts: 8, baseMs: 30_000, capMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 20].map((attempts) => retryDelayMs(messages, attempts))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
    expect(nextRetryMs(messages, 7)).toBe(1_920_000);
    expect(nextRetryMs(messages, 8)).toBeUndefined();

    const tasks = { maxAttempts: 3, baseMs: 500 };
    const now = Date.now();
    const deadline = new Date(now + 120_000);
    expect([1, 2].map((attempts) => nextRetryMs(tasks, attempts, deadline, now))).toEqual([500, 1_000]);
    expect(nextRetryMs(tasks, 3, deadline, now)).toBeUndefined();
    // A retry that could not start before the deadline is not made.
    expect(nextRetryMs(tasks, 1, new Date(now + 400), now)).toBeUndefined();
  });

  it('puts a failing job back with growing waits, then gives up after the last attempt', async () => {
    const table = new MemoryTable();
    table.add('flaky');
    const waits: number[] = [];
    const gaveUp = gate();
    const loop = worker(table, 'w', {
      run: async () => {
        throw new Error('still broken');
      },
      retry: {
        policy: { maxAttempts: 3, baseMs: 20 },
        attemptsOf: (row) => row.attempts,
        later: async (row, delayMs) => {
          waits.push(delayMs);
          table.set(row.id, 'w', { status: 'pending', runAfter: Date.now() + delayMs });
        },
        giveUp: async (row) => {
          table.set(row.id, 'w', { status: 'failed' });
          gaveUp.open();
        },
      },
    });
    loop.start();
    await gaveUp.promise;
    await loop.stop();
    expect(waits).toEqual([20, 40]);
    expect(table.rows.get('flaky')).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('gives up at once on a failure marked final', async () => {
    const table = new MemoryTable();
    table.add('refused');
    const later = vi.fn();
    const gaveUp = gate();
    const loop = worker(table, 'w', {
      run: async () => {
        throw new Error('permanent');
      },
      retry: {
        policy: { maxAttempts: 8, baseMs: 0 },
        attemptsOf: (row) => row.attempts,
        isFinal: (error) => error instanceof Error && error.message === 'permanent',
        later,
        giveUp: async () => gaveUp.open(),
      },
    });
    await loop.drain();
    await gaveUp.promise;
    expect(later).not.toHaveBeenCalled();
  });
});

describe('queue worker', () => {
  it('lets another worker re-claim a job whose lease ran out, and keeps a renewed lease', async () => {
    const table = new MemoryTable();
    table.add('orphan');
    table.add('long');
    // A worker that dies mid-job: it claimed, then stopped renewing and never finished.
    table.claim('dead', 1, 30);
    const heldByLive = gate();
    const longDone = gate();
    const ranOn: string[] = [];
    const live = worker(table, 'live', {
      leaseMs: 60,
      sweep: { everyMs: 20, run: async () => table.sweep() },
      run: async (row) => {
        ranOn.push(row.id);
        if (row.id === 'long') {
          heldByLive.open();
          await longDone.promise;
        }
        table.set(row.id, 'live', { status: 'done' });
      },
    });
    live.start();
    await until(() => table.rows.get('orphan')!.status === 'done');
    expect(table.rows.get('orphan')).toMatchObject({ attempts: 2 });
    await heldByLive.promise;
    // Several lease lengths later the long job is still ours: renewal kept the sweeper off it.
    const renewedPast = Date.now() + 200;
    await until(() => Date.now() > renewedPast && table.rows.get('long')!.lockedUntil! > renewedPast);
    expect(table.rows.get('long')).toMatchObject({ status: 'running', lockedBy: 'live', attempts: 1 });
    longDone.open();
    await until(() => table.rows.get('long')!.status === 'done');
    await live.stop();
    expect(ranOn.sort()).toEqual(['long', 'orphan']);
  });

  it('never runs more jobs of a lane than its slots, lanes apart', async () => {
    const table = new MemoryTable();
    for (let index = 0; index < 6; index++) table.add(`job-${index}`);
    let active = 0;
    let peak = 0;
    const loop = worker(table, 'w', {
      lanes: [{ name: 'only', slots: 2 }],
      run: async (row) => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active -= 1;
        table.set(row.id, 'w', { status: 'done' });
      },
    });
    await loop.drain();
    expect([...table.rows.values()].every((row) => row.status === 'done')).toBe(true);
    expect(peak).toBe(2);
  });

  it('claims a lane with fair turns one job per claim, and a batch lane by its free slots', async () => {
    const table = new MemoryTable();
    for (let index = 0; index < 6; index++) table.add(`job-${index}`);
    const asked: Array<[string, number]> = [];
    const loop = worker(table, 'w', {
      lanes: [
        { name: 'turns', slots: 3, fairTurns: true },
        { name: 'batch', slots: 3 },
      ],
      claim: async (lane, max) => {
        asked.push([lane, max]);
        return table.claim('w', max, 1_000);
      },
    });
    await loop.drain();
    expect([...table.rows.values()].every((row) => row.status === 'done')).toBe(true);
    expect(asked.filter(([lane]) => lane === 'turns').every(([, max]) => max === 1)).toBe(true);
    expect(asked).toContainEqual(['batch', 3]);
  });

  it('waits for running work at shutdown and claims nothing new', async () => {
    const table = new MemoryTable();
    table.add('first');
    const started = gate();
    const finish = gate();
    const loop = worker(table, 'w', {
      lanes: [{ name: 'only', slots: 1 }],
      run: async (row) => {
        started.open();
        await finish.promise;
        table.set(row.id, 'w', { status: 'done' });
      },
    });
    loop.start();
    await started.promise;
    table.add('second');
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    finish.open();
    await stopping;
    expect(stopped).toBe(true);
    expect(table.rows.get('first')!.status).toBe('done');
    expect(table.rows.get('second')!.status).toBe('pending');
  });

  it('hands back and aborts a job that outlives the shutdown grace', async () => {
    const table = new MemoryTable();
    table.add('endless');
    const started = gate();
    const aborted = gate();
    const loop = worker(table, 'w', {
      shutdownGraceMs: 20,
      run: (_row, { signal }) => {
        started.open();
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted.open();
            reject(new Error('aborted'));
          });
        });
      },
    });
    loop.start();
    await started.promise;
    await loop.stop();
    await aborted.promise;
    expect(table.rows.get('endless')).toMatchObject({ status: 'pending', attempts: 0, lockedBy: undefined });
  });
});

describe('schedule', () => {
  it('never overlaps a run with the previous one', async () => {
    let active = 0;
    let peak = 0;
    let runs = 0;
    const job = schedule(
      'slow job',
      5,
      async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active -= 1;
        runs += 1;
      },
      quietLog(),
    );
    await until(() => runs >= 3);
    await job.stop();
    expect(peak).toBe(1);
  });

  it('logs a failed run and runs again on the next tick', async () => {
    const log = quietLog();
    let calls = 0;
    const job = schedule(
      'flaky job',
      5,
      () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      log,
    );
    await until(() => calls >= 2);
    await job.stop();
    expect(log.warnings[0]).toBe('flaky job failed');
  });

  it('stops on close after the run under way, and starts its jobs only when the app is ready', async () => {
    const scheduler = new Scheduler(quietLog());
    const started = gate();
    const finish = gate();
    let finished = false;
    scheduler.schedule('job', 5, async () => {
      started.open();
      await finish.promise;
      finished = true;
    });
    scheduler.start();
    await started.promise;
    const closing = scheduler.close();
    finish.open();
    await closing;
    expect(finished).toBe(true);
  });

  it('keeps no timer for an interval of 0, though the job still runs on demand', async () => {
    const job = vi.fn();
    const scheduled = schedule('off', 0, job, quietLog());
    await scheduled.runNow();
    await scheduled.stop();
    expect(job).toHaveBeenCalledTimes(1);
  });

  it('runs once more soon after asked, after the run under way rather than joining it', async () => {
    const started = gate();
    const finish = gate();
    let calls = 0;
    const scheduled = schedule(
      'hour job',
      3_600_000,
      async () => {
        calls += 1;
        if (calls === 1) {
          started.open();
          await finish.promise;
        }
      },
      quietLog(),
    );
    const first = scheduled.runNow();
    await started.promise;
    scheduled.runSoon(5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The extra run waits for the one under way, which may have looked too early.
    expect(calls).toBe(1);
    finish.open();
    await first;
    await until(() => calls === 2);
    await scheduled.stop();
  });

  it('drops an extra run asked for when it stops', async () => {
    vi.useFakeTimers();
    try {
      const job = vi.fn();
      const scheduler = new Scheduler(quietLog());
      const handle = scheduler.schedule('job', 0, job);
      // Before the app is ready there is nothing to run: no timer is set.
      handle.runSoon(0);
      expect(vi.getTimerCount()).toBe(0);
      scheduler.start();
      const scheduled = scheduler.schedule('later job', 0, job);
      scheduled.runSoon(10);
      expect(vi.getTimerCount()).toBe(1);
      await scheduler.close();
      // The close cleared the extra run's timer, so nothing is left to fire; past its time, nothing ran.
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(50);
      expect(job).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
