import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@worq/domain/language';
import { formatMessage, isMessageKey, type MessageKey, type MessageParams } from '@worq/domain/messages';
import { ConnectorError } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { marketplaceCatalogue } from '../../db/reference-data.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  claimTask,
  failOverdueTasks,
  finishTask,
  recoverExpiredLeases,
  releaseTasks,
  renewLeases,
  retryTask,
  type ClaimedTask,
} from './repository.ts';
import type { HandlerOutcome, RunningTask, TaskHandler, TaskResult, TaskType } from './types.ts';

/**
 * A seller waits on the socket for an interactive task (connecting a store takes a second or two);
 * background tasks (order imports, health sweeps) may take minutes. Each lane has its own slots, so
 * a connection never queues behind imports.
 */
export type TaskLane = 'interactive' | 'background';

export interface RunnerOptions {
  /** Interactive tasks run side by side in this process. */
  concurrency: number;
  /** Background tasks run side by side in this process, besides the interactive ones. */
  backgroundConcurrency: number;
  maxAttempts: number;
  leaseSeconds: number;
  /** Backoff before the second attempt; doubles for each later one. */
  retryBaseMs: number;
  pollEveryMs: number;
  sweepEveryMs: number;
  /** How long shutdown waits for running tasks before handing them back. */
  shutdownGraceMs: number;
}

export const defaultRunnerOptions: RunnerOptions = {
  concurrency: 4,
  backgroundConcurrency: 2,
  maxAttempts: 3,
  leaseSeconds: 30,
  retryBaseMs: 500,
  pollEveryMs: 1000,
  sweepEveryMs: 5000,
  shutdownGraceMs: 5000,
};

/** The longest a background task gives way to interactive ones at one step: imports never starve. */
const longestGiveWayMs = 2000;
/** Background work resumes once interactive work has been quiet this long (the next request is often on its way). */
export const quietMs = 250;

interface Running {
  controller: AbortController;
  done: Promise<void>;
  lane: TaskLane;
}

const lanes: TaskLane[] = ['interactive', 'background'];

/**
 * The in-process worker of one app instance. Tasks are rows, so any number of instances share the
 * queue; this loop claims ready rows (SKIP LOCKED), holds a renewed lease while a handler runs, and
 * writes the result. A sweeper puts the tasks of dead workers back and fails overdue ones.
 */
export class TaskRunner {
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, TaskHandler>();
  private readonly laneOf = new Map<string, TaskLane>();
  private giveWayWaiters: Array<() => void> = [];
  private lastInteractiveAt = 0;
  private readonly running = new Map<string, Running>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;
  private stopping = false;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Called for every task this process finished or failed (with the result it wrote), to reach local sockets at once. */
    private readonly onFinished: (id: string, result?: TaskResult) => void,
    private readonly options: RunnerOptions = defaultRunnerOptions,
  ) {}

  handle(type: TaskType, handler: TaskHandler, lane: TaskLane = 'interactive'): void {
    if (this.handlers.has(type)) throw new Error(`a handler for task type ${type} is already registered`);
    this.handlers.set(type, handler);
    this.laneOf.set(type, lane);
    this.wake();
  }

  /** An interactive task was just enqueued here: background work waits for it (see giveWay). */
  noteEnqueued(type: string): void {
    if ((this.laneOf.get(type) ?? 'interactive') === 'interactive') this.noteActivity();
  }

  /**
   * Someone is waiting on this process (a task socket opening). Plain API requests do not count: a
   * page polling its figures would otherwise hold its own store's import back for good.
   */
  noteActivity(): void {
    this.lastInteractiveAt = Date.now();
  }

  /**
   * Resolves once no interactive task runs or was enqueued here for quietMs, or after
   * longestGiveWayMs in all.
   */
  private async giveWay(): Promise<void> {
    const until = Date.now() + longestGiveWayMs;
    while (!this.stopping && Date.now() < until) {
      if (this.runningIn('interactive') > 0) {
        await this.untilInteractiveDone(until - Date.now());
        continue;
      }
      const quietFor = Date.now() - this.lastInteractiveAt;
      if (quietFor >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - quietFor, until - Date.now())).unref());
    }
  }

  private untilInteractiveDone(maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, maxMs));
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.giveWayWaiters.push(done);
    });
  }

  private releaseGiveWay(): void {
    if (this.runningIn('interactive') > 0 && !this.stopping) return;
    const waiters = this.giveWayWaiters;
    this.giveWayWaiters = [];
    for (const resume of waiters) resume();
  }

  private slotsOf(lane: TaskLane): number {
    return lane === 'interactive' ? this.options.concurrency : this.options.backgroundConcurrency;
  }

  private runningIn(lane: TaskLane): number {
    let count = 0;
    for (const entry of this.running.values()) if (entry.lane === lane) count += 1;
    return count;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const every = (ms: number, action: () => void) => {
      const timer = setInterval(action, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.pollEveryMs, () => this.wake());
    every(this.options.sweepEveryMs, () => void this.sweep());
    every((this.options.leaseSeconds * 1000) / 3, () => void this.renew());
    void this.sweep();
  }

  /** Stops claiming; lets running tasks finish for a while, then hands the rest back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.releaseGiveWay();
    for (const timer of this.timers) clearInterval(timer);
    await this.pumping;
    const pending = [...this.running.values()].map((entry) => entry.done);
    if (pending.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, this.options.shutdownGraceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    const left = [...this.running.keys()];
    if (left.length > 0) {
      await releaseTasks(this.db, this.instanceId, left).catch((error: unknown) =>
        this.log.warn({ err: error }, 'could not release running tasks; the sweeper will'),
      );
      for (const entry of this.running.values()) entry.controller.abort();
    }
  }

  /** Claims as many ready tasks as there are free slots. Calls made meanwhile fold into one more round. */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
    });
  }

  async sweep(): Promise<void> {
    try {
      const overdue = await failOverdueTasks(this.db);
      const { failed, requeued } = await recoverExpiredLeases(this.db, this.options.maxAttempts);
      for (const id of [...overdue, ...failed]) {
        this.running.get(id)?.controller.abort();
        this.onFinished(id);
      }
      if (overdue.length + failed.length + requeued > 0) {
        this.log.warn({ overdue: overdue.length, failed: failed.length, requeued }, 'background task sweep');
      }
      if (requeued > 0) this.wake();
    } catch (error) {
      this.log.warn({ err: error }, 'background task sweep failed');
    }
  }

  private async pump(): Promise<void> {
    try {
      do {
        this.pumpAgain = false;
        for (const lane of lanes) {
          const types = [...this.laneOf].filter(([, laneOfType]) => laneOfType === lane).map(([type]) => type);
          while (!this.stopping && this.runningIn(lane) < this.slotsOf(lane)) {
            const row = await claimTask(this.db, this.instanceId, types, this.options.leaseSeconds, lane);
            if (!row) break;
            if (this.stopping) {
              await releaseTasks(this.db, this.instanceId, [row.id]);
              break;
            }
            this.run(row, lane);
          }
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      // The database is away; the next poll tries again.
      this.log.warn({ err: error }, 'could not claim background tasks');
    }
  }

  private run(row: ClaimedTask, lane: TaskLane): void {
    const controller = new AbortController();
    const deadlineTimer = setTimeout(() => controller.abort(), Math.max(0, row.deadlineAt.getTime() - Date.now()));
    deadlineTimer.unref();
    const done = this.execute(row, controller.signal, lane)
      .catch((error: unknown) => this.log.error({ err: error, taskId: row.id }, 'background task bookkeeping failed'))
      .finally(() => {
        clearTimeout(deadlineTimer);
        this.running.delete(row.id);
        if (lane === 'interactive') {
          this.lastInteractiveAt = Date.now();
          this.releaseGiveWay();
        }
        this.wake();
      });
    this.running.set(row.id, { controller, done, lane });
  }

  private async execute(row: ClaimedTask, signal: AbortSignal, lane: TaskLane): Promise<void> {
    const handler = this.handlers.get(row.type);
    const language = row.language;
    const fail = (key: MessageKey, params?: MessageParams) =>
      this.finish(row.id, { message: formatMessage(language, key, params), is_successful: false, data: null });
    if (!handler) {
      await fail('task_failed');
      return;
    }
    const task: RunningTask = {
      id: row.id,
      customerId: row.customerId,
      type: row.type,
      payload: row.payload,
      attempt: row.attempts,
      language,
      signal,
      giveWay: lane === 'background' ? () => this.giveWay() : () => Promise.resolve(),
    };
    let outcome: HandlerOutcome;
    try {
      outcome = await handler(task);
    } catch (error) {
      // Shutdown handed the task back, or the sweeper already failed it: the row is not ours.
      if (signal.aborted) return;
      const known = knownFailure(error, row.payload, language);
      if (known) {
        await fail(known.key, known.params);
        return;
      }
      const delay = this.options.retryBaseMs * 2 ** (row.attempts - 1);
      if (row.attempts < this.options.maxAttempts && Date.now() + delay < row.deadlineAt.getTime()) {
        this.log.warn({ err: error, taskId: row.id, attempt: row.attempts }, 'background task failed; retrying');
        if (await retryTask(this.db, row.id, this.instanceId, delay)) {
          setTimeout(() => this.wake(), delay).unref();
        }
        return;
      }
      this.log.error({ err: error, taskId: row.id, attempt: row.attempts }, 'background task failed');
      await fail('task_failed');
      return;
    }
    // Written only while the row is still ours (not handed back at shutdown nor timed out meanwhile).
    await this.finish(row.id, localizeOutcome(language, outcome));
  }

  private async finish(id: string, result: TaskResult): Promise<void> {
    if (await finishTask(this.db, id, this.instanceId, result)) this.onFinished(id, result);
  }

  private async renew(): Promise<void> {
    try {
      await renewLeases(this.db, this.instanceId, [...this.running.keys()], this.options.leaseSeconds);
    } catch (error) {
      this.log.warn({ err: error }, 'could not renew task leases');
    }
  }
}

export function localizeOutcome(language: Language, outcome: HandlerOutcome): TaskResult {
  const message = isMessageKey(outcome.message) ? formatMessage(language, outcome.message, outcome.params) : outcome.message;
  return { message, is_successful: outcome.is_successful ?? true, data: outcome.data ?? null };
}

const unnamedMarketplace: Record<Language, string> = { tr: 'pazaryeri', en: 'the marketplace' };

/** The {marketplace} of connector messages, from what the task was asked to do. */
function marketplaceName(payload: Record<string, unknown>, language: Language): string {
  if (typeof payload.marketplace_name === 'string') return payload.marketplace_name;
  const code = payload.marketplace_code ?? payload.marketplace ?? payload.code;
  const found = marketplaceCatalogue.find((entry) => entry.code === code);
  return found?.name ?? unnamedMarketplace[language];
}

/** Failures the seller can act on end the task at once; retrying would give the same answer. */
function knownFailure(
  error: unknown,
  payload: Record<string, unknown>,
  language: Language,
): { key: MessageKey; params?: MessageParams } | undefined {
  if (error instanceof ConnectorError) {
    const key = isMessageKey(error.messageKey) ? error.messageKey : 'task_failed';
    const own = (error as { params?: MessageParams }).params;
    return { key, params: { marketplace: marketplaceName(payload, language), ...own } };
  }
  if (error instanceof AppError) {
    const key = error.options.messageKey ?? (isMessageKey(error.code) ? error.code : 'task_failed');
    return { key, ...(error.options.params ? { params: error.options.params } : {}) };
  }
  return undefined;
}
