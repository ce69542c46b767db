/*
 * The notifications of background tasks (specification §3 "Notification", §4): one item per
 * request id, kept outside React so the socket handlers can write to it and the panel reads it
 * through useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import type { BackgroundTaskType, TaskState } from '../../lib/background-tasks.ts';

/** pending (null), failed (false), success (true): the socket message's is_successful. */
export type TaskStatus = TaskState['is_successful'];

export type { BackgroundTaskType } from '../../lib/background-tasks.ts';

export interface TaskNotification {
  requestID: string;
  /** The server's (already localized) message; empty until the first socket message. */
  message: string;
  status: TaskStatus;
  type: BackgroundTaskType;
  id: string;
  /** False once the user cleared the panel while the task was still running. */
  showItem: boolean;
  hasSeen: boolean;
  data: TaskState['data'];
}

export interface TaskStoreState {
  items: TaskNotification[];
  /** Grows on every change the user should see (new item, new status, removal); not on "seen". */
  changeCount: number;
  /** The item of the last visible change, for the screen-reader announcement. */
  lastChangedId: string | null;
}

let state: TaskStoreState = { items: [], changeCount: 0, lastChangedId: null };
const listeners = new Set<() => void>();

function commit(items: TaskNotification[], visibleChange: boolean, changedId: string | null = null) {
  state = {
    items,
    changeCount: state.changeCount + (visibleChange ? 1 : 0),
    lastChangedId: visibleChange ? changedId : state.lastChangedId,
  };
  listeners.forEach((listener) => listener());
}

export function getTaskState(): TaskStoreState {
  return state;
}

export function subscribeTasks(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function findTask(requestId: string): TaskNotification | undefined {
  return state.items.find((item) => item.requestID === requestId);
}

export function addTask(requestId: string, type: BackgroundTaskType): void {
  const item: TaskNotification = {
    requestID: requestId,
    id: requestId,
    type,
    message: '',
    status: null,
    showItem: true,
    hasSeen: false,
    data: null,
  };
  // Newest first, as the panel lists them.
  commit([item, ...state.items.filter((existing) => existing.requestID !== requestId)], true, requestId);
}

export function updateTask(requestId: string, change: Partial<Pick<TaskNotification, 'message' | 'status' | 'data'>>): void {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.requestID !== requestId) return item;
    changed = true;
    // A finished task shows again even if the panel was cleared while it ran.
    const finished = change.status !== undefined && change.status !== null;
    return { ...item, ...change, hasSeen: false, showItem: item.showItem || finished };
  });
  if (changed) commit(items, true, requestId);
}

export function removeTask(requestId: string): void {
  if (!findTask(requestId)) return;
  commit(
    state.items.filter((item) => item.requestID !== requestId),
    true,
  );
}

/** The user's "dismiss" on one finished item. */
export function dismissTask(requestId: string): void {
  const item = findTask(requestId);
  if (!item || item.status === null) return;
  removeTask(requestId);
}

/** "Clear": finished items go; running ones are hidden until they finish. */
export function clearTasks(): void {
  const items = state.items.filter((item) => item.status === null).map((item) => ({ ...item, showItem: false }));
  commit(items, true);
}

export function markTasksSeen(): void {
  if (state.items.every((item) => item.hasSeen || !item.showItem)) return;
  commit(
    state.items.map((item) => (item.showItem ? { ...item, hasSeen: true } : item)),
    false,
  );
}

/** Test seam: forgets every item. */
export function resetTaskStore(): void {
  state = { items: [], changeCount: 0, lastChangedId: null };
  listeners.forEach((listener) => listener());
}

export function useTaskNotifications(): TaskStoreState {
  return useSyncExternalStore(subscribeTasks, getTaskState, getTaskState);
}
