import { useTranslation } from '../../../lib/i18n.ts';
import type { PlanFigures as Figures } from '@worq/domain/plan';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlanChart } from './plan-chart.tsx';
import { PlanFigures } from './plan-figures.tsx';
import type { PlanFormValues, SalesSource } from './plan-model.ts';
import { PlanSchedule } from './plan-schedule.tsx';
import styles from './plan.module.css';

export interface PlanSideColumnProps {
  values: PlanFormValues | null;
  figures: Figures | null;
  /** Which sales estimate the figures use. */
  salesSource: SalesSource;
  outOfBounds: boolean;
  downloading: boolean;
  onDownload: () => void;
}

/** Beside the form: the plan's figures and chart with the sample PDF, then the payment schedule. */
export function PlanSideColumn({ values, figures, salesSource, outOfBounds, downloading, onDownload }: PlanSideColumnProps) {
  const { t } = useTranslation('worq-trade');
  return (
    <div className={styles.sideColumn}>
      <Card
        title={t('plan.figures.title')}
        className={styles.figuresCard}
        data-tour="figures"
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={onDownload}
            disabled={!figures}
            busy={downloading}
            busyText={t('plan.downloading')}
          >
            {t('plan.download')}
          </Button>
        }
      >
        {figures && values ? (
          <div className={styles.figuresBody}>
            {outOfBounds && <p className={styles.warning}>{t('plan.figures.out_of_bounds')}</p>}
            <PlanFigures stockPurchase={values.estimatedStockPurchase} figures={figures} />
            <PlanChart stockPurchase={values.estimatedStockPurchase} figures={figures} />
          </div>
        ) : (
          <p className={styles.muted}>{t('plan.figures.empty')}</p>
        )}
      </Card>
      {figures && (
        <Card padding="sm">
          <PlanSchedule figures={figures} salesSource={salesSource} />
        </Card>
      )}
    </div>
  );
}
