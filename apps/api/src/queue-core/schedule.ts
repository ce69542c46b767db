import type { CoreLog } from './log.ts';

export interface ScheduleOptions {
  /** Also run once right away (the task sweeper does, at start). */
  immediately?: boolean;
}

export interface Scheduled {
  readonly name: string;
  /** Runs the job now, or joins the run under way; never throws (failures are logged). */
  runNow(): Promise<void>;
  /**
   * One extra run `afterMs` from now, besides the ticks (work that becomes due before the next
   * tick). A run under way then is let finish and followed by this one, as it may have looked too
   * early. The timer never keeps the process alive and is cleared by stop.
   */
  runSoon(afterMs: number): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `everyMs` in this process. A run never overlaps the previous one (a tick that
 * finds one under way is skipped), the timer never keeps the process alive, and a failure is
 * logged and waits for the next tick. `everyMs` ≤ 0 schedules nothing (tests run the job
 * themselves), though `runNow` still works.
 */
export function schedule(name: string, everyMs: number, job: () => unknown, log: CoreLog, options: ScheduleOptions = {}): Scheduled {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runNow = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    running ??= (async () => {
      try {
        await job();
      } catch (error) {
        log.warn({ err: error, job: name }, `${name} failed`);
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = everyMs > 0 ? setInterval(() => void runNow(), everyMs) : undefined;
  timer?.unref();
  const soon = new Set<NodeJS.Timeout>();
  if (options.immediately) void runNow();
  return {
    name,
    runNow,
    runSoon(afterMs) {
      if (stopped) return;
      const early = setTimeout(
        () => {
          soon.delete(early);
          void (running ?? Promise.resolve()).then(runNow);
        },
        Math.max(0, afterMs),
      );
      early.unref();
      soon.add(early);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const early of soon) clearTimeout(early);
      soon.clear();
      await running;
    },
  };
}

/** What the owner of a scheduled job can ask of it (Scheduled.runSoon). */
export interface ScheduledJob {
  /** One extra run `afterMs` from now; before the app is ready, and after it closed, nothing. */
  runSoon(afterMs: number): void;
}

/**
 * The periodic jobs of one app: scheduled while plugins register, their timers started when the
 * app is ready (jobs scheduled later start at once) and all stopped, runs under way awaited, on close.
 */
export class Scheduler {
  private readonly waiting: Array<() => Scheduled> = [];
  private readonly jobs: Scheduled[] = [];
  private started = false;
  private closed = false;

  constructor(private readonly log: CoreLog) {}

  schedule(name: string, everyMs: number, job: () => unknown, options?: ScheduleOptions): ScheduledJob {
    let scheduled: Scheduled | undefined;
    const create = () => (scheduled = schedule(name, everyMs, job, this.log, options));
    if (this.closed) return { runSoon: () => undefined };
    if (this.started) this.jobs.push(create());
    else this.waiting.push(create);
    return { runSoon: (afterMs) => scheduled?.runSoon(afterMs) };
  }

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    for (const create of this.waiting.splice(0)) this.jobs.push(create());
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.all(this.jobs.splice(0).map((job) => job.stop()));
  }
}
