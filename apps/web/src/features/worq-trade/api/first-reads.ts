/*
 * The applications page's first read, started by its route (app/router.tsx) while the page's code
 * is still downloading, so a signed-in visit to /worq-trade does not wait for the page to render
 * before asking for its list (issue 14). SWR's `preload` holds the answer for the page's
 * useApplications, which takes it instead of asking again.
 */
import { preload } from 'swr';
import { getSession } from '../../../lib/session.ts';
import { applicationsKey, fetchApplications } from './applications.ts';

export function startFirstReads(): void {
  // Only for whom the route's guard lets the page through (app/guards.tsx ProtectedGuard): an
  // expert or a seller without a verified phone is sent elsewhere, and the API would refuse the
  // read with a 403, which the HTTP client answers by navigating away.
  const session = getSession();
  if (!session.claims || session.isExpert || !session.isPhoneVerified) return;
  // A failure reaches the page through its hook, as its own request's would; nothing else awaits it.
  const customerId = session.claims.customer_id;
  preload(applicationsKey(customerId), () => fetchApplications(customerId)).catch(() => undefined);
}
