import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from 'react-router';
import type { StoreLookup } from '@worq/domain/wire/insight';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useFieldMessages } from '../../../components/ui/form/use-field-messages.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { errorFields, errorMessage } from '../../../lib/api-error.ts';
import { marketplaceName } from '../../connections/public.ts';
import { lookupStore } from '../api/insight.ts';
import { clearOnboardingStore, saveOnboardingStore } from '../onboarding-store.ts';
import { InsightSection } from './insight-section.tsx';
import styles from './insight.module.css';

export function OnboardingSteps({ current }: { current: 0 | 1 }) {
  const { t } = useTranslation('insight');
  return (
    <Stepper
      aria-label={t('onboarding.title')}
      steps={[
        { id: 'address', label: t('onboarding.steps.address') },
        { id: 'integration', label: t('onboarding.steps.integration') },
      ]}
      current={current}
    />
  );
}

/** `/worq-insight/onboarding/store-address`: the store's public address, recognised by the server. */
export function Component() {
  const { t } = useTranslation('insight');
  const { messages } = useFieldMessages();
  const navigate = useNavigate();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<StoreLookup | null>(null);
  /** Set when the seller moves on to the integration step: the address is then no longer unsaved input. */
  const [movingOn, setMovingOn] = useState(false);
  const leaveWarning = useLeaveWarning(address.trim() !== '' && !movingOn);

  // Navigate after the render that cleared the dirty flag, so the leave warning lets this move through.
  useEffect(() => {
    if (movingOn) void navigate('/worq-insight/onboarding/integration');
  }, [movingOn, navigate]);

  const next = (marketplaceCode: string, lookup: StoreLookup | null) => {
    saveOnboardingStore({
      marketplaceCode,
      storeName: lookup?.store_name ?? null,
      storeLink: lookup?.store_link ?? null,
      sellerId: lookup?.seller_id ?? null,
    });
    setMovingOn(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFound(null);
    if (!address.trim()) {
      setError(messages.required(t('onboarding.address_label')));
      return;
    }
    setBusy(true);
    try {
      const lookup = await lookupStore(address.trim());
      if (lookup.marketplace_code) next(lookup.marketplace_code, lookup);
      else setFound(lookup);
    } catch (caught) {
      setError(errorFields(caught).store_url ?? errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('onboarding.title')} />
      <OnboardingSteps current={0} />
      <InsightSection id="address-heading" title={t('onboarding.address_heading')}>
        <p className={styles.muted}>{t('onboarding.address_help')}</p>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('onboarding.address_label')}
            placeholder={t('onboarding.address_placeholder')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={error}
            inputMode="url"
            autoComplete="url"
            requiredMark
          />
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              {t('onboarding.continue')}
            </Button>
          </div>
        </form>
        {found && (
          <div className={styles.notice} role="status">
            <p>{t('onboarding.own_domain')}</p>
            <div className={styles.actions}>
              {found.candidates.map((code) => (
                <Button key={code} variant="secondary" onClick={() => next(code, found)}>
                  {marketplaceName(code)}
                </Button>
              ))}
            </div>
          </div>
        )}
        <p>
          <Link
            to="/worq-insight/onboarding/integration"
            onClick={(event) => {
              event.preventDefault();
              clearOnboardingStore();
              setMovingOn(true);
            }}
          >
            {t('onboarding.choose_yourself')}
          </Link>
        </p>
      </InsightSection>
      {leaveWarning}
    </div>
  );
}
