/*
 * Hands a background task to the background-task panel. The panel's feature listens for this window
 * event (features do not import each other); the contract mirrors features/background-tasks/
 * task-tracker.ts: detail {requestId, type, options: {onSuccess?, onFailure?, page?}}.
 */
export type ConnectionTaskType =
  'connect_integration' | 'change_integration_status' | 'update_integration' | 'delete_integration' | 'connect_company';

export interface ConnectionTaskResult {
  message: string;
  is_successful: boolean | null;
  data: unknown;
}

export interface TrackOptions {
  onSuccess?: (result: ConnectionTaskResult) => void;
  onFailure?: (result: ConnectionTaskResult) => void;
  page?: string;
}

export const trackTaskEventName = 'background-task:track';

/** Returns false when nobody follows tasks on this page (the panel is not mounted). */
export function trackTask(requestId: string, type: ConnectionTaskType, options: TrackOptions = {}): boolean {
  const event = new CustomEvent(trackTaskEventName, { cancelable: true, detail: { requestId, type, options } });
  const handled = !window.dispatchEvent(event);
  if (!handled) console.warn(`Background task ${requestId} is not followed: no background-task panel is mounted.`);
  return handled;
}
