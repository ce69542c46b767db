import { useEffect } from 'react';
import { mutate as revalidate } from 'swr';
import { useSession } from '../../../lib/session.ts';
import { applicationsKey } from '../api/applications.ts';
import { Confirmation } from './confirmation.tsx';

/** `/worq-trade/application-success`: shown after the application is submitted for review. */
export function Component() {
  const customerId = useSession().claims?.customer_id;
  // The applications list is re-read from here, once the onboarding (and its guard) is gone, so
  // the list and a later onboarding see the submitted application as under review.
  useEffect(() => {
    if (customerId) void revalidate(applicationsKey(customerId));
  }, [customerId]);
  return <Confirmation kind="application" />;
}
