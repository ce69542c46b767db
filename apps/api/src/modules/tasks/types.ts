import type { Language } from '@worq/domain/language';
import type { MessageParams } from '@worq/domain/messages';
import type { TaskResult, TaskState, TaskType as ProductTaskType } from '@worq/domain/wire/tasks';
import type { TaskLane } from './runner.ts';

/** Product task types (wire/tasks.ts), plus `test_*` names that only tests register. */
export type TaskType = ProductTaskType | `test_${string}`;

/**
 * What the socket carries (wire/tasks.ts `taskState`, `is_successful` null while unfinished) and the
 * row's `result` once finished (`taskResult`).
 */
export type { TaskResult, TaskState };

export interface RunningTask {
  /** The request_id. */
  id: string;
  customerId: string | null;
  type: TaskType;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  /** The customer's preferred language, for messages the handler writes itself. */
  language: Language;
  /** Aborted when the deadline passes or this process shuts down; pass it to connectors. */
  signal: AbortSignal;
  /**
   * For background work between two steps: waits while interactive tasks run in this process (at
   * most a couple of seconds), so a seller waiting on a socket gets the CPU first. Resolves at once
   * for interactive tasks.
   */
  giveWay: () => Promise<void>;
}

export interface HandlerOutcome {
  /** The text to show, or a message key (packages/domain) that is localized with `params`. */
  message: string;
  params?: MessageParams;
  data?: unknown;
  /** Defaults to true. */
  is_successful?: boolean;
}

/**
 * Runs one task. Throwing a ConnectorError or an AppError fails the task at once with its localized
 * message; any other error is retried with backoff. A task may run more than once (a retry, or a
 * process that died mid-task), so handlers must be safe to repeat.
 */
export type TaskHandler = (task: RunningTask) => Promise<HandlerOutcome>;

export type TaskListener = (state: TaskResult) => void;

export interface EnqueueInput {
  customerId: string | null;
  type: TaskType;
  payload?: Record<string, unknown>;
  /** Started by the server itself (the health sweep), not by the customer: outside their quota. */
  system?: boolean;
}

export interface CurrentTask {
  customerId: string | null;
  state: TaskState;
}

export interface Tasks {
  /** Stores the task and wakes the runner; resolves with the request_id. */
  enqueue(input: EnqueueInput): Promise<string>;
  /** `background` for long work nobody waits on (imports, sweeps): it gets slots of its own (runner.ts). */
  handle(type: TaskType, handler: TaskHandler, lane?: TaskLane): void;
  /** Calls `listener` once with the final result; returns the unsubscribe function. */
  subscribe(requestId: string, listener: TaskListener): () => void;
  /** The owner and the state to show now; undefined for an unknown id. */
  current(requestId: string): Promise<CurrentTask | undefined>;
  /** Runs the crash-recovery and timeout sweep now (it also runs every few seconds). */
  sweep(): Promise<void>;
  /** Someone is waiting on this process: background work gives way for a moment (runner.ts). */
  noteActivity(): void;
}
