/*
 * The SWR key of the work context (GET /work_context/get/{customer_id}), which decides whether the
 * navigation shows Connections. Written once here: the navigation reads it, and whatever can add
 * Connections (a finished store task, an application reaching step 2) revalidates it.
 */
import { routeUrl } from './http-client.ts';

const workContextPrefix = routeUrl('GET /work_context/get/{customer_id}', { customer_id: '' });

export const workContextKey = (customerId: string) => routeUrl('GET /work_context/get/{customer_id}', { customer_id: customerId });

export function isWorkContextKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(workContextPrefix);
}
