/*
 * The typed hand-off of background tasks between features (issue 17). A feature that starts a task
 * (connections, WorqInsight) hands its request id to whoever follows tasks on the page: the
 * background-task panel registers itself with followTasksWith when it loads. Features do not import
 * each other, so this small contract lives in lib; it replaced an untyped window event.
 */

/** The task types the web follows (the server's list is apps/api/src/db/schema.ts `taskTypes`). */
export const backgroundTaskTypes = [
  'connect_integration',
  'change_integration_status',
  'update_integration',
  'delete_integration',
  'connect_company',
  'sync_orders',
] as const;
export type BackgroundTaskType = (typeof backgroundTaskTypes)[number];

/** One socket message: the task's state (`is_successful` null while it runs). */
export interface TaskResult {
  message: string;
  is_successful: boolean | null;
  data: unknown;
}

export interface TrackTaskOptions {
  onSuccess?: (result: TaskResult) => void;
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
