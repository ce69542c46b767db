import useSWR from 'swr';
import * as z from 'zod/mini';
import type { OutboxEntry } from '@worq/domain/wire/dev';
import { apiBaseUrl, routeUrl } from '../../../lib/http-client.ts';

/** A message the outbox transport kept instead of sending (development only; GET /dev/outbox). */
export type OutboxMessage = OutboxEntry;

/**
 * The page reads the outbox with a bare fetch, outside the HTTP client, so it checks the answer;
 * the check yields the wire type (an answer without `html` reads as none).
 */
export const outboxMessage: z.ZodMiniType<OutboxEntry, unknown> = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.nullable(z.string()),
  body: z.string(),
  html: z._default(z.nullable(z.string()), null),
  created_at: z.string(),
});

export const outboxRefreshIntervalMs = 5000;

export async function getOutbox(to: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(`${apiBaseUrl}${routeUrl('GET /dev/outbox')}${query}`, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`);
  return z.array(outboxMessage).parse(await response.json());
}

/** The outbox, newest first, filtered by recipient and refreshed every five seconds. */
export function useOutbox(to: string) {
  return useSWR(['dev-outbox', to.trim()] as const, ([, recipient]) => getOutbox(recipient), {
    refreshInterval: outboxRefreshIntervalMs,
    keepPreviousData: true,
    revalidateOnFocus: true,
  });
}
