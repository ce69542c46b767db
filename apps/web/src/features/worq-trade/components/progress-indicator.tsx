import { useTranslation } from '../../../lib/i18n.ts';
import { Stepper } from '../../../components/ui/stepper.tsx';
import type { ApplicationStep } from '../api/applications.ts';
import styles from './worq-trade.module.css';

const steps: ApplicationStep[] = [1, 2, 3];

/** The onboarding's 3-step progress indicator (§2): Revenue Sharing Plan, Add Connection, Application Summary. */
export function ProgressIndicator({ current }: { current: ApplicationStep }) {
  const { t } = useTranslation('worq-trade');
  return (
    <Stepper
      className={styles.progress}
      aria-label={t('progress.label')}
      steps={steps.map((step) => ({ id: step, label: t(`progress.steps.${step}`) }))}
      current={current - 1}
      doneLabel={t('progress.done')}
      compact="tablet"
    />
  );
}
