/*
 * The typed hand-off of background tasks between features (issue 17). A feature that starts a task
 * (connections, WorqInsight) hands its request id to whoever follows tasks on the page: the
 * background-task panel registers itself with followTasksWith when it loads. Features do not import
 * each other, so this small contract lives in lib; it replaced an untyped window event.
 */
import type { SellerTaskType, TaskResult, TaskState } from '@worq/domain/wire/tasks';

/** The task types the web follows: every one a seller starts (wire/tasks.ts; not the scheduled health check). */
export type BackgroundTaskType = SellerTaskType;

/** TaskState: one socket message (`is_successful` null while it runs); TaskResult: the finished one. */
export type { TaskResult, TaskState };

export interface TrackTaskOptions {
  /** Called with the final socket message. */
  onSuccess?: (result: TaskResult) => void;
  /** Called with the final socket message, or with an empty failure when the socket ended without one. */
  onFailure?: (result: TaskResult) => void;
  /** The page that shows what the task changes; defaults by task type. */
  page?: string;
}

export type TaskFollower = (requestId: string, type: BackgroundTaskType, options: TrackTaskOptions) => unknown;

let follower: TaskFollower | null = null;

/** Registers the one follower of the page; returns what unregisters it. */
export function followTasksWith(next: TaskFollower): () => void {
  follower = next;
  return () => {
    if (follower === next) follower = null;
  };
}

/** Hands a task over; false when nobody follows tasks on this page (the panel is not mounted). */
export function trackTask(requestId: string, type: BackgroundTaskType, options: TrackTaskOptions = {}): boolean {
  if (!follower) {
    console.warn(`Background task ${requestId} is not followed: no background-task panel is mounted.`);
    return false;
  }
  follower(requestId, type, options);
  return true;
}
