import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { mutate as revalidate } from 'swr';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { notifyError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { isWorkContextKey } from '../../../lib/work-context.ts';
import {
  activeApplicationOf,
  leaveApplication,
  setApplicationStep,
  stepPath,
  stepSlugs,
  useApplications,
  type ApplicationStep,
} from '../api/applications.ts';
import type { OnboardingContextValue } from '../onboarding-context.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { ProgressIndicator } from './progress-indicator.tsx';
import styles from './worq-trade.module.css';

const contactSlug = 'contact';

function stepOfSlug(slug: string): ApplicationStep | null {
  const found = (Object.entries(stepSlugs) as [string, string][]).find(([, value]) => value === slug);
  return found ? (Number(found[0]) as ApplicationStep) : null;
}

/**
 * The onboarding guard and frame (§2): without an active application the seller goes back to
 * /worq-trade; a URL step other than the application's step redirects to the right one (the
 * contact form is exempt, but still needs an active application); the progress indicator shows on
 * every step but the contact form.
 */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { claims } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: applications, error, isValidating, mutate } = useApplications(claims?.customer_id);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Redirects are judged on a list read since this page opened, not on a possibly stale cache.
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (applications !== undefined && !isValidating) setChecked(true);
  }, [applications, isValidating]);

  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const isContact = slug === contactSlug;
  const urlStep = stepOfSlug(slug);
  const application = activeApplicationOf(applications);

  useEffect(() => {
    const title = isContact ? t('contact.title') : urlStep ? t(`progress.steps.${urlStep}`) : t('applications.title');
    setHeaderTitle(t('applications.title'), title);
  }, [t, isContact, urlStep, pathname]);

  const reload = useCallback(async () => {
    await mutate();
  }, [mutate]);

  const goToStep = useCallback(
    async (step: ApplicationStep) => {
      if (!application) return;
      await setApplicationStep(application.id, step);
      await mutate();
      // Reaching step 2 adds Connections to the navigation (work context): show it now.
      if (step >= 2) void revalidate(isWorkContextKey);
      navigate(stepPath(step));
    },
    [application, mutate, navigate],
  );

  const context = useMemo<OnboardingContextValue | null>(
    () => (application ? { application, reload, goToStep } : null),
    [application, reload, goToStep],
  );

  async function leave() {
    if (!application) return;
    setLeaving(true);
    try {
      await leaveApplication(application.id);
      setLeaveOpen(false);
      await navigate('/worq-trade');
      void mutate();
    } catch (failure) {
      void notifyError(failure);
    } finally {
      setLeaving(false);
    }
  }

  if (!applications || (!checked && !application)) {
    if (error && !applications) {
      return <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
    }
    return <LoadingState size="lg" />;
  }

  if (!application || !context) return <Navigate to="/worq-trade" replace />;
  if (!isContact && urlStep !== application.step) return <Navigate to={stepPath(application.step)} replace />;

  return (
    <div className={styles.onboarding}>
      <div className={styles.onboardingBar}>
        {!isContact && <ProgressIndicator current={application.step} />}
        <Button variant="ghost" size="sm" className={styles.leaveButton} onClick={() => setLeaveOpen(true)}>
          {t('leave.action')}
        </Button>
      </div>
      <Outlet context={context} />
      <Modal
        open={leaveOpen}
        onClose={() => setLeaveOpen(false)}
        title={t('leave.title')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setLeaveOpen(false)} disabled={leaving}>
              {t('leave.stay')}
            </Button>
            <Button variant="danger" busy={leaving} onClick={() => void leave()}>
              {t('leave.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('leave.text')}</p>
      </Modal>
    </div>
  );
}
