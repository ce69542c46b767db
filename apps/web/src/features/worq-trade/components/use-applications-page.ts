import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { useSession } from '../../../lib/session.ts';
import { useApplications } from '../api/applications.ts';

/** The applications page's data: the signed-in seller's applications and name, and the header title. */
export function useApplicationsPage() {
  const { t } = useTranslation('worq-trade');
  const { claims } = useSession();
  const { data: applications, error, isLoading, mutate } = useApplications(claims?.customer_id);

  useEffect(() => {
    setHeaderTitle(undefined, t('applications.title'));
  }, [t]);

  const sellerName = claims ? `${claims.first_name} ${claims.last_name}`.trim() : '';
  return { applications, error, isLoading, mutate, sellerName };
}
