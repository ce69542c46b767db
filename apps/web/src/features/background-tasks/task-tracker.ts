/*
 * Follows background tasks over their live sockets (specification §4, §7, §9; API.md "Background
 * tasks"): one socket per request id on /websocket/ws/{request_id}, at most ten at once, the access
 * token offered as a subprotocol (@worq/domain/wire/task-socket), never put in the address. The
 * server sends the current state on open and closes after a non-null result; on success the
 * affected data is refreshed and, when the user is elsewhere, an info toast offers to go there.
 *
 * Other features hand tasks over through lib/background-tasks.ts (`trackTask`), which this module
 * registers itself with (`followTasksWith`): features do not import each other (the lint's import
 * zones), and the hand-over is typed by the wire's task types.
 */
import { mutate as globalMutate } from 'swr';
import { taskSocketProtocols } from '@worq/domain/wire/task-socket';
import { addToast, toastApiMessageTimeoutMs } from '../../components/ui/toast/toast-store.ts';
import {
  followTasksWith,
  type BackgroundTaskType,
  type TaskResult,
  type TaskState,
  type TrackTaskOptions,
} from '../../lib/background-tasks.ts';
import i18n from '../../lib/i18n.ts';
import { getAccessToken } from '../../lib/token-storage.ts';
import { isWorkContextKey } from '../../lib/work-context.ts';
import { addTask, findTask, removeTask, updateTask } from './task-store.ts';

export const maxTaskSockets = 10;
export type { TaskResult, TrackTaskOptions } from '../../lib/background-tasks.ts';

const pageOfType: Record<BackgroundTaskType, string> = {
  connect_integration: '/connections',
  change_integration_status: '/connections',
  update_integration: '/connections',
  delete_integration: '/connections',
  connect_company: '/connections',
  sync_orders: '/worq-insight',
};

/** SWR keys whose data a finished task can change: integrations, companies and the work context. */
export function isTaskAffectedKey(key: unknown): boolean {
  return (typeof key === 'string' && (key.startsWith('/marketplace/integration') || key.startsWith('/insight/'))) || isWorkContextKey(key);
}

export interface TaskEnvironment {
  navigate: (to: string) => void;
  currentPath: () => string;
  /** Revalidates the SWR keys the filter accepts. */
  refresh: (filter: (key: unknown) => boolean) => unknown;
}

// Without a mounted panel (it binds the router and its SWR cache), the browser's own location and
// SWR's global cache serve.
const defaultEnvironment: TaskEnvironment = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname,
  refresh: (filter) => globalMutate(filter),
};
let environment: TaskEnvironment = defaultEnvironment;

export function bindTaskEnvironment(next: TaskEnvironment): () => void {
  environment = next;
  return () => {
    if (environment === next) environment = defaultEnvironment;
  };
}

/** ws(s)://<API host>/websocket/ws/{request_id} — the API host from configuration; no token in it. */
export function taskSocketUrl(requestId: string): string {
  const configured = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';
  const base = new URL(configured || '/', window.location.href);
  const protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${base.host}/websocket/ws/${encodeURIComponent(requestId)}`;
}

const sockets = new Map<string, WebSocket>();

export function openTaskSocketCount(): number {
  return sockets.size;
}

function parseResult(raw: unknown): TaskState | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const flag = record.is_successful;
    return {
      message: typeof record.message === 'string' ? record.message : '',
      is_successful: flag === true ? true : flag === false ? false : null,
      data: record.data ?? null,
    };
  } catch {
    return null;
  }
}

/** The server closes the socket after this message. */
function isFinished(state: TaskState): state is TaskResult {
  return state.is_successful !== null;
}

function finish(type: BackgroundTaskType, result: TaskResult, options: TrackTaskOptions) {
  if (result.is_successful) {
    environment.refresh(isTaskAffectedKey);
    options.onSuccess?.(result);
    const page = options.page ?? pageOfType[type];
    if (environment.currentPath() !== page) {
      addToast({
        type: 'Info',
        message: result.message || i18n.t('status.success', { ns: 'tasks' }),
        timeout: toastApiMessageTimeoutMs,
        dismissible: true,
        showProgress: true,
        action: { text: i18n.t('go', { ns: 'tasks' }), onClick: () => environment.navigate(page) },
      });
    }
  } else {
    options.onFailure?.(result);
  }
}

/**
 * Starts following a task. Returns false when it was not started: already followed, no session,
 * or ten sockets are open already (then a console warning, as §8 asks).
 */
export function trackTask(requestId: string, type: BackgroundTaskType, options: TrackTaskOptions = {}): boolean {
  if (sockets.has(requestId)) return false;
  if (sockets.size >= maxTaskSockets) {
    console.warn(`Background tasks: ${maxTaskSockets} sockets are open already; not following ${requestId}.`);
    return false;
  }
  // The session keeper refreshes tokens five minutes before expiry, so the stored one is good
  // for the socket's handshake (the server checks it only then).
  const token = getAccessToken();
  if (!token) return false;

  let socket: WebSocket;
  try {
    // `worq.tasks.v1` and `bearer.<token>`: the server answers with the first only.
    socket = new WebSocket(taskSocketUrl(requestId), taskSocketProtocols(token));
  } catch {
    // A stored token with characters a subprotocol cannot carry: no session to follow it with.
    return false;
  }
  sockets.set(requestId, socket);
  addTask(requestId, type);
  let settled = false;

  const drop = () => {
    if (sockets.get(requestId) === socket) sockets.delete(requestId);
  };

  socket.addEventListener('message', (event: MessageEvent) => {
    const result = parseResult(event.data);
    if (!result || settled) return;
    updateTask(requestId, { message: result.message, status: result.is_successful, data: result.data });
    if (!isFinished(result)) return;
    settled = true;
    drop();
    socket.close();
    finish(type, result, options);
  });

  // An error (or a close before any result, e.g. 4403 for a foreign request id) ends the socket and
  // takes the pending item away: nothing more will come for it.
  // The caller hears of it as a failure without a message, so a waiting form does not wait forever.
  const abandon = () => {
    if (settled) return;
    settled = true;
    drop();
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close();
    if (findTask(requestId)?.status === null) removeTask(requestId);
    options.onFailure?.({ message: '', is_successful: false, data: null });
  };
  socket.addEventListener('error', abandon);
  socket.addEventListener('close', abandon);
  return true;
}

/** Test seam: closes every socket without touching the items. */
export function closeAllTaskSockets(): void {
  for (const socket of sockets.values()) socket.close();
  sockets.clear();
}

// Other features hand their tasks over through lib/background-tasks.ts; this module follows them.
followTasksWith(trackTask);
