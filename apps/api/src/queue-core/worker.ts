import type { CoreLog } from './log.ts';
import { nextRetryMs, type RetryPolicy } from './retry.ts';
import { schedule, type Scheduled } from './schedule.ts';

/** Slots of one kind of work: jobs of a lane run side by side up to `slots`, apart from other lanes. */
export interface Lane {
  name: string;
  slots: number;
  /**
   * Customers take turns: the lane is claimed one job per claim, so each claim is one turn and the
   * queue's claim can give it to the customer served least recently (tasks: task_turns). Without
   * it a claim may take a whole batch of free slots at once (message delivery).
   */
  fairTurns?: boolean;
}

export interface RunContext {
  /** Aborts when the job's deadline passes, when the sweeper took the job away, or at shutdown. */
  signal: AbortSignal;
  lane: string | undefined;
}

export interface RetryHooks<Job> {
  policy: RetryPolicy;
  /** Attempts made so far, this one included. */
  attemptsOf(job: Job): number;
  /** Failures no retry can change: given up on at once. */
  isFinal?(error: unknown, job: Job): boolean;
  /** Puts the job back to run again after `delayMs` (the queue's own update). */
  later(job: Job, delayMs: number, error: unknown): Promise<void>;
  /** Records the job as failed for good. */
  giveUp(job: Job, error: unknown): Promise<void>;
}

export interface QueueWorkerOptions<Job> {
  /** For logs and timer names: 'background tasks', 'message delivery'. */
  name: string;
  log: CoreLog;
  lanes: Lane[];
  idOf(job: Job): string;
  /**
   * Takes up to `max` ready jobs of `lane`, leased to this worker. The queue's own SQL: SKIP LOCKED
   * so several workers claim side by side, and in the order the queue wants (the task runner takes
   * customers in turn through task_turns, one claim per turn).
   */
  claim(lane: string, max: number): Promise<Job[]>;
  /** One attempt. Rejecting asks for a retry, decided by `retry`. */
  run(job: Job, context: RunContext): Promise<void>;
  retry?: RetryHooks<Job>;
  /** When the job's time is up its signal aborts (the task deadline). */
  deadlineOf?(job: Job): Date | undefined;
  /** Leases renewed every third of `ms` while their jobs run, so no sweeper takes them away. */
  lease?: { ms: number; renew(ids: string[]): Promise<void> };
  /** Puts back or fails the jobs of workers that died (expired leases) and overdue ones. */
  sweep?: { everyMs: number; run(): Promise<void> };
  /** Claims again this often besides being woken (0: only when woken or drained). */
  pollEveryMs: number;
  /** How long stop() waits for running jobs. */
  shutdownGraceMs: number;
  /** Hands back jobs still running after the grace (without it they keep their lease until it runs out). */
  release?(ids: string[]): Promise<void>;
  /** After each job, whatever its outcome. */
  onSettled?(job: Job, lane: string | undefined): void;
}

interface Running {
  id: string;
  controller: AbortController;
  done: Promise<void>;
  lane: string | undefined;
}

/**
 * The claim loop shared by the queues (ARCHITECTURE.md "One queue core"): claims ready jobs into
 * free lane slots, runs them under a renewed lease and a deadline, retries failures with the
 * queue's backoff, sweeps expired leases, and shuts down gracefully: stops claiming, waits for
 * running jobs up to a grace, then hands the rest back and aborts them. The SQL stays with each
 * queue; this is only the machinery around it.
 */
export class QueueWorker<Job> {
  /** Keyed by launch, not by job id: a message re-claimed after its lock ran out may still be sending here. */
  private readonly running = new Map<number, Running>();
  private launches = 0;
  private readonly timers: Scheduled[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private started = false;
  private stopping = false;
  private pumping: Promise<number> | undefined;
  private pumpAgain = false;

  constructor(private readonly options: QueueWorkerOptions<Job>) {}

  get isStopping(): boolean {
    return this.stopping;
  }

  runningIn(lane: string): number {
    let count = 0;
    for (const entry of this.running.values()) if (entry.lane === lane) count += 1;
    return count;
  }

  runningIds(): string[] {
    return [...new Set([...this.running.values()].map((entry) => entry.id))];
  }

  /** Aborts a running job that is no longer ours (the sweeper failed it). */
  abort(id: string): void {
    for (const entry of this.running.values()) if (entry.id === id) entry.controller.abort();
  }

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    const { name, log, pollEveryMs, lease, sweep } = this.options;
    if (pollEveryMs > 0) this.timers.push(schedule(`${name} poll`, pollEveryMs, () => this.wake(), log));
    if (sweep) this.timers.push(schedule(`${name} sweep`, sweep.everyMs, sweep.run, log, { immediately: true }));
    if (lease) {
      this.timers.push(
        schedule(
          `${name} lease renewal`,
          lease.ms / 3,
          async () => {
            const ids = this.runningIds();
            if (ids.length > 0) await lease.renew(ids);
          },
          log,
        ),
      );
    }
  }

  /** Fills free slots now. Calls made meanwhile fold into one more round. */
  wake(): void {
    if (!this.started || this.stopping) return;
    void this.fill();
  }

  /**
   * Claims until nothing is ready and every job claimed has finished (a delivery pass; tests). Runs
   * whether or not the worker was started.
   */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.fill();
      const running = [...this.running.values()].filter((entry) => entry.lane !== undefined).map((entry) => entry.done);
      if (claimed === 0 && running.length === 0) return;
      if (running.length > 0) await Promise.race(running);
      if (this.stopping) return;
    }
  }

  /** Runs a job claimed outside the loop (a message's immediate attempt), tracked for shutdown like the rest. */
  attempt(job: Job): Promise<void> {
    return this.launch(job, undefined);
  }

  /** Waits for every running job, including ones started meanwhile. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((entry) => entry.done));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    await Promise.all(this.timers.splice(0).map((timer) => timer.stop()));
    await this.pumping;
    if (this.running.size > 0) {
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        this.settle(),
        new Promise((resolve) => {
          grace = setTimeout(resolve, this.options.shutdownGraceMs);
        }),
      ]);
      clearTimeout(grace);
    }
    const left = this.runningIds();
    if (left.length === 0 || !this.options.release) return;
    await this.options
      .release(left)
      .catch((error: unknown) =>
        this.options.log.warn({ err: error }, `${this.options.name}: could not release running jobs; the sweeper will`),
      );
    for (const entry of this.running.values()) entry.controller.abort();
  }

  private fill(): Promise<number> {
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
    });
    return this.pumping;
  }

  private async pump(): Promise<number> {
    let claimed = 0;
    try {
      do {
        this.pumpAgain = false;
        for (const lane of this.options.lanes) {
          while (!this.stopping) {
            const free = lane.slots - this.runningIn(lane.name);
            if (free <= 0) break;
            const jobs = await this.options.claim(lane.name, lane.fairTurns ? 1 : free);
            if (jobs.length === 0) break;
            claimed += jobs.length;
            if (this.stopping) {
              await this.options.release?.(jobs.map((job) => this.options.idOf(job)));
              break;
            }
            for (const job of jobs) void this.launch(job, lane.name);
          }
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      // The database is away; the next poll tries again.
      this.options.log.warn({ err: error }, `${this.options.name}: could not claim`);
    }
    return claimed;
  }

  private launch(job: Job, lane: string | undefined): Promise<void> {
    const id = this.options.idOf(job);
    const key = (this.launches += 1);
    const controller = new AbortController();
    const deadline = this.options.deadlineOf?.(job);
    const deadlineTimer = deadline ? setTimeout(() => controller.abort(), Math.max(0, deadline.getTime() - Date.now())) : undefined;
    deadlineTimer?.unref();
    const done = this.attemptOnce(job, { signal: controller.signal, lane })
      .catch((error: unknown) => this.options.log.error({ err: error, jobId: id }, `${this.options.name}: bookkeeping failed`))
      .finally(() => {
        clearTimeout(deadlineTimer);
        this.running.delete(key);
        this.options.onSettled?.(job, lane);
        this.wake();
      });
    this.running.set(key, { id, controller, done, lane });
    return done;
  }

  private async attemptOnce(job: Job, context: RunContext): Promise<void> {
    try {
      await this.options.run(job, context);
    } catch (error) {
      // Shutdown handed the job back, or the sweeper already decided it: the row is not ours.
      if (context.signal.aborted) return;
      const retry = this.options.retry;
      if (!retry) throw error;
      const delay = retry.isFinal?.(error, job)
        ? undefined
        : nextRetryMs(retry.policy, retry.attemptsOf(job), this.options.deadlineOf?.(job));
      if (delay === undefined) {
        await retry.giveUp(job, error);
        return;
      }
      await retry.later(job, delay, error);
      if (this.started && !this.stopping) {
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          this.wake();
        }, delay);
        timer.unref();
        this.retryTimers.add(timer);
      }
    }
  }
}
