import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon, DocumentIcon, StoreIcon, SuccessIcon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { errorCode, notifyError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import {
  activeApplicationOf,
  applicationsKey,
  fetchApplications,
  startApplication,
  stepPath,
  useApplications,
} from '../api/applications.ts';
import { StartPageOffer } from '../plan/offer-note.tsx';
import styles from './worq-trade.module.css';

const howSteps: { key: string; icon: ReactNode }[] = [
  { key: 'plan', icon: <DocumentIcon size={24} /> },
  { key: 'store', icon: <StoreIcon size={24} /> },
  { key: 'submit', icon: <CheckIcon size={24} /> },
  { key: 'review', icon: <SuccessIcon size={24} /> },
];

/** `/worq-trade/start`: what GPeT is, how it works, and the start of a new application. */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const navigate = useNavigate();
  // What to fill the plan with on arrival (`?use_offer=1` from WorqInsight's offer card) goes on to the plan step.
  const { search } = useLocation();
  const { mutate } = useSWRConfig();
  const { claims } = useSession();
  const customerId = claims?.customer_id;
  const { data: applications } = useApplications(customerId);
  const [starting, setStarting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const active = activeApplicationOf(applications);

  useEffect(() => {
    setHeaderTitle(t('applications.title'), t('start.title'));
  }, [t]);

  /** The onboarding guard reads the list: it must hold the new application before we go there. */
  async function refreshList() {
    if (!customerId) return;
    const key = applicationsKey(customerId);
    await mutate(key, fetchApplications(customerId), { revalidate: false });
  }

  async function start(cancelExisting: boolean) {
    setStarting(true);
    try {
      await startApplication(cancelExisting);
      await refreshList();
      setConfirmOpen(false);
      navigate({ pathname: stepPath(1), search });
    } catch (failure) {
      if (errorCode(failure) === 'active_application_exists') {
        void refreshList().catch(() => undefined);
        setConfirmOpen(true);
      } else {
        void notifyError(failure);
      }
    } finally {
      setStarting(false);
    }
  }

  function onStart() {
    // The list already shows one under way: ask before the server has to refuse.
    if (active) setConfirmOpen(true);
    else void start(false);
  }

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <p className={styles.eyebrow}>{t('start.eyebrow')}</p>
        <h1 className={styles.pageTitle}>{t('start.heading')}</h1>
        <p className={styles.lead}>{t('start.intro')}</p>
      </div>
      <StartPageOffer />
      <Card title={t('start.how_title')}>
        <ol className={styles.howSteps}>
          {howSteps.map((step, index) => (
            <li key={step.key} className={styles.howStep}>
              <span className={styles.howIcon} aria-hidden="true">
                {step.icon}
              </span>
              <div>
                <h3 className={styles.subheading}>
                  <span className="visually-hidden">{index + 1}. </span>
                  {t(`start.steps.${step.key}.title`)}
                </h3>
                <p className={styles.note}>{t(`start.steps.${step.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      <div className={styles.actions}>
        <Link to="/worq-trade" className={styles.linkButtonGhost}>
          {t('start.back')}
        </Link>
        <Button size="lg" busy={starting && !confirmOpen} busyText={t('start.starting')} onClick={onStart}>
          {t('start.submit')}
        </Button>
      </div>
      <Modal
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t('new_application.title')}
        footer={
          <>
            <Button
              variant="ghost"
              className={styles.modalAction}
              disabled={starting}
              onClick={() => {
                setConfirmOpen(false);
                // The onboarding guard sends the seller to the active application's own step.
                navigate(active ? { pathname: stepPath(active.step), search } : '/worq-trade/onboarding');
              }}
            >
              {t('new_application.continue_current')}
            </Button>
            <Button className={styles.modalAction} busy={starting} onClick={() => void start(true)}>
              {t('new_application.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('new_application.text')}</p>
      </Modal>
    </div>
  );
}
