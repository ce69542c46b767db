import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icon.tsx';
import type { ApplicationStep } from '../api/applications.ts';
import styles from './worq-trade.module.css';

const steps: ApplicationStep[] = [1, 2, 3];

/** The onboarding's 3-step progress indicator (§2): Revenue Sharing Plan, Add Connection, Application Summary. */
export function ProgressIndicator({ current }: { current: ApplicationStep }) {
  const { t } = useTranslation('worq-trade');
  return (
    <ol className={styles.progress} aria-label={t('progress.label')}>
      {steps.map((step) => {
        const state = step < current ? 'done' : step === current ? 'current' : 'next';
        return (
          <li key={step} className={styles.progressItem} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.progressNumber} aria-hidden="true">
              {state === 'done' ? <CheckIcon size={14} /> : step}
            </span>
            <span className={styles.progressLabel}>
              {t(`progress.steps.${step}`)}
              {state === 'done' && <span className="visually-hidden"> {t('progress.done')}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
