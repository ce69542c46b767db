/*
 * Hands a sync task to the background-task panel through the window event its feature listens for
 * (features do not import each other; the contract is features/background-tasks/task-tracker.ts).
 */
export interface SyncTaskResult {
  message: string;
  is_successful: boolean | null;
  data: unknown;
}

export function trackSync(requestId: string, onDone: (result: SyncTaskResult) => void): boolean {
  const event = new CustomEvent('background-task:track', {
    cancelable: true,
    detail: { requestId, type: 'sync_orders', options: { onSuccess: onDone, onFailure: onDone, page: '/worq-insight' } },
  });
  return !window.dispatchEvent(event);
}
