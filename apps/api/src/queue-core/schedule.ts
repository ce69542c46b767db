import type { CoreLog } from './log.ts';

export interface ScheduleOptions {
  /** Also run once right away (the task sweeper does, at start). */
  immediately?: boolean;
}

export interface Scheduled {
  readonly name: string;
  /** Runs the job now, or joins the run under way; never throws (failures are logged). */
  runNow(): Promise<void>;
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
  if (options.immediately) void runNow();
  return {
    name,
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
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

  schedule(name: string, everyMs: number, job: () => unknown, options?: ScheduleOptions): void {
    if (this.closed) return;
    const create = () => schedule(name, everyMs, job, this.log, options);
    if (this.started) this.jobs.push(create());
    else this.waiting.push(create);
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
