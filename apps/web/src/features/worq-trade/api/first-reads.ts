/*
 * The applications page's first read, started by its route (app/router.tsx) while the page's code
 * is still downloading, so a signed-in visit to /worq-trade does not wait for the page to render
 * before asking for its list (issue 14). SWR's `preload` holds the answer for the page's
 * useApplications, which takes it instead of asking again.
 */
import { preload } from 'swr';
import { decodeClaims, getAccessToken } from '../../../lib/token-storage.ts';
import { applicationsKey, fetchApplications } from './applications.ts';

export function startFirstReads(): void {
  const customerId = decodeClaims(getAccessToken())?.customer_id;
  if (!customerId) return;
  // A failure reaches the page through its hook, as its own request's would; nothing else awaits it.
  preload(applicationsKey(customerId), fetchApplications).catch(() => undefined);
}
