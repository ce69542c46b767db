/* Hands an order sync to the background-task panel (lib/background-tasks.ts). */
import { trackTask, type TaskResult } from '../../lib/background-tasks.ts';

export type SyncTaskResult = TaskResult;

export function trackSync(requestId: string, onDone: (result: SyncTaskResult) => void): boolean {
  return trackTask(requestId, 'sync_orders', { onSuccess: onDone, onFailure: onDone, page: '/worq-insight' });
}
