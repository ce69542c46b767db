/*
 * Wire contract of background tasks (API.md "Background tasks"): the task types, the 202 answer that
 * starts one, and the `{ message, is_successful, data }` envelope the task socket
 * (GET /websocket/ws/{request_id}, opened as task-socket.ts says) sends. The API stores the same envelope as a finished
 * task's result; the web imports the types only.
 */
import { z } from 'zod';

/** Every product task type; the database column of background_tasks takes exactly these. */
export const taskTypes = [
  'connect_integration',
  'change_integration_status',
  'update_integration',
  'delete_integration',
  'connect_company',
  'check_integration_health',
  'sync_orders',
] as const;
export type TaskType = (typeof taskTypes)[number];

/** The scheduled health re-check runs without a seller: no route answers its request_id, so no socket follows it. */
export type SellerTaskType = Exclude<TaskType, 'check_integration_health'>;

/** The 202 answer of every route that starts a background task. */
export const taskAccepted = z.object({ request_id: z.string().describe('Follow it on /websocket/ws/{request_id}') });
export type TaskAccepted = z.output<typeof taskAccepted>;

/** One message of the task socket: the task's state, `is_successful` null while it is unfinished. */
export const taskState = z.object({
  message: z.string().describe("In the customer's language; a waiting text while the task is unfinished"),
  is_successful: z.boolean().nullable(),
  data: z.unknown().describe('What the task type answers, described by the route that starts it; null while unfinished'),
});
export type TaskState = z.output<typeof taskState>;

/** A finished task's envelope: the socket's last message (then it closes 1000) and the stored result. */
export const taskResult = taskState.extend({ is_successful: z.boolean() });
export type TaskResult = z.output<typeof taskResult>;
