import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@worq/domain/language';
import { formatMessage, isMessageKey, type MessageKey, type MessageParams } from '@worq/domain/messages';
import { ConnectorError } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { marketplaceCatalogue } from '../../db/reference-data.ts';
import { AppError } from '../../plugins/errors.ts';
import { QueueWorker } from '../../queue-core/worker.ts';
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

const lanes: TaskLane[] = ['interactive', 'background'];

/**
 * The in-process worker of one app instance. Tasks are rows, so any number of instances share the
 * queue; the queue core's loop claims ready rows (SKIP LOCKED, customers in turn), holds a renewed
 * lease while a handler runs, retries unexpected failures within the deadline, and hands unfinished
 * tasks back at shutdown. A sweeper puts the tasks of dead workers back and fails overdue ones.
 * What is the task runner's own: the two lanes and giveWay, and the task's messages.
 */
export class TaskRunner {
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, TaskHandler>();
  private readonly laneOf = new Map<string, TaskLane>();
  private giveWayWaiters: Array<() => void> = [];
  private lastInteractiveAt = 0;
  private readonly worker: QueueWorker<ClaimedTask>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Called for every task this process finished or failed (with the result it wrote), to reach local sockets at once. */
    private readonly onFinished: (id: string, result?: TaskResult) => void,
    private readonly options: RunnerOptions = defaultRunnerOptions,
  ) {
    this.worker = new QueueWorker<ClaimedTask>({
      name: 'background tasks',
      log,
      // One claim per turn: claimTask gives each to the customer this lane served least recently.
      lanes: lanes.map((lane) => ({ name: lane, slots: this.slotsOf(lane), fairTurns: true })),
      idOf: (row) => row.id,
      claim: async (lane) => {
        const types = [...this.laneOf].filter(([, laneOfType]) => laneOfType === lane).map(([type]) => type);
        const row = await claimTask(this.db, this.instanceId, types, this.options.leaseSeconds, lane);
        return row ? [row] : [];
      },
      run: (row, { signal, lane }) => this.execute(row, signal, lane as TaskLane),
      deadlineOf: (row) => row.deadlineAt,
      retry: {
        policy: { maxAttempts: this.options.maxAttempts, baseMs: this.options.retryBaseMs },
        attemptsOf: (row) => row.attempts,
        later: async (row, delayMs, error) => {
          this.log.warn({ err: error, taskId: row.id, attempt: row.attempts }, 'background task failed; retrying');
          await retryTask(this.db, row.id, this.instanceId, delayMs);
        },
        giveUp: async (row, error) => {
          this.log.error({ err: error, taskId: row.id, attempt: row.attempts }, 'background task failed');
          await this.fail(row, 'task_failed');
        },
      },
      lease: {
        ms: this.options.leaseSeconds * 1000,
        renew: (ids) => renewLeases(this.db, this.instanceId, ids, this.options.leaseSeconds),
      },
      sweep: { everyMs: this.options.sweepEveryMs, run: () => this.sweep() },
      pollEveryMs: this.options.pollEveryMs,
      shutdownGraceMs: this.options.shutdownGraceMs,
      release: (ids) => releaseTasks(this.db, this.instanceId, ids),
      onSettled: (_row, lane) => {
        if (lane === 'interactive') {
          this.lastInteractiveAt = Date.now();
          this.releaseGiveWay();
        }
      },
    });
  }

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
    while (!this.worker.isStopping && Date.now() < until) {
      if (this.worker.runningIn('interactive') > 0) {
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

  private releaseGiveWay(stopping = false): void {
    if (this.worker.runningIn('interactive') > 0 && !stopping) return;
    const waiters = this.giveWayWaiters;
    this.giveWayWaiters = [];
    for (const resume of waiters) resume();
  }

  private slotsOf(lane: TaskLane): number {
    return lane === 'interactive' ? this.options.concurrency : this.options.backgroundConcurrency;
  }

  start(): void {
    this.worker.start();
  }

  /** Stops claiming; lets running tasks finish for a while, then hands the rest back to the queue. */
  async stop(): Promise<void> {
    const stopped = this.worker.stop();
    this.releaseGiveWay(true);
    await stopped;
  }

  /** Claims as many ready tasks as there are free slots. Calls made meanwhile fold into one more round. */
  wake(): void {
    this.worker.wake();
  }

  async sweep(): Promise<void> {
    try {
      const overdue = await failOverdueTasks(this.db);
      const { failed, requeued } = await recoverExpiredLeases(this.db, this.options.maxAttempts);
      for (const id of [...overdue, ...failed]) {
        this.worker.abort(id);
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

  /** One attempt. An unexpected error is thrown to the queue core, which retries it or gives up. */
  private async execute(row: ClaimedTask, signal: AbortSignal, lane: TaskLane): Promise<void> {
    const handler = this.handlers.get(row.type);
    const language = row.language;
    if (!handler) {
      await this.fail(row, 'task_failed');
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
      const known = signal.aborted ? undefined : knownFailure(error, row.payload, language);
      if (!known) throw error;
      await this.fail(row, known.key, known.params);
      return;
    }
    // Written only while the row is still ours (not handed back at shutdown nor timed out meanwhile).
    await this.finish(row.id, localizeOutcome(language, outcome));
  }

  private fail(row: ClaimedTask, key: MessageKey, params?: MessageParams): Promise<void> {
    return this.finish(row.id, { message: formatMessage(row.language, key, params), is_successful: false, data: null });
  }

  private async finish(id: string, result: TaskResult): Promise<void> {
    if (await finishTask(this.db, id, this.instanceId, result)) this.onFinished(id, result);
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
