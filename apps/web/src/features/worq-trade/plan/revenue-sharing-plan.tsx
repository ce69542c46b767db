import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { usePlanParameters, useSavedPlan, type Plan, type PlanParameters } from '../api/plan.ts';
import { DurationComparison } from './duration-comparison.tsx';
import { PlanForm } from './plan-form.tsx';
import { PlanSideColumn } from './plan-side-column.tsx';
import { PlanTour } from './plan-tour.tsx';
import { usePlanEditor } from './use-plan-editor.ts';
import styles from './plan.module.css';

/** Step 1 of the WorqTrade onboarding: the revenue-sharing plan (§2, §3, §5, §9). */
export function RevenueSharingPlan() {
  const { t } = useTranslation('worq-trade');
  const parameters = usePlanParameters();
  const saved = useSavedPlan();

  if (parameters.error || saved.error) {
    return (
      <LoadFailed
        text={t('plan.load_error')}
        retryLabel={t('plan.retry')}
        onRetry={() => {
          void parameters.mutate();
          void saved.mutate();
        }}
      />
    );
  }
  if (!parameters.data || saved.data === undefined) {
    return <LoadingState label={t('plan.loading')} />;
  }
  return <PlanEditor parameters={parameters.data} saved={saved.data} />;
}

function PlanEditor({ parameters, saved }: { parameters: PlanParameters; saved: Plan | null }) {
  const { t } = useTranslation('worq-trade');
  const rootRef = useRef<HTMLDivElement>(null);
  const editor = usePlanEditor(parameters, saved);
  const { values, figures, comparisons, busy } = editor;

  return (
    <div className={styles.page} ref={rootRef}>
      <PageHeader
        title={t('plan.title')}
        subtitle={t('plan.intro')}
        align="start"
        actions={
          <Button variant="tertiary" onClick={() => editor.setTourOpen(true)}>
            {t('plan.how_it_works')}
          </Button>
        }
      />

      <div className={styles.columns}>
        <PlanForm
          parameters={parameters}
          control={editor.control}
          register={editor.register}
          setValue={editor.setValue}
          errors={editor.errors}
          busy={busy}
          suggested={editor.suggested}
          onSubmit={editor.submit}
        />
        <PlanSideColumn
          values={values}
          figures={figures}
          salesSource={editor.salesSource}
          outOfBounds={editor.outOfBounds}
          downloading={editor.downloading}
          onDownload={() => void editor.download()}
        />
      </div>

      <Card title={t('plan.comparison.title')} description={t('plan.comparison.description')}>
        {comparisons.length > 0 && values ? (
          <>
            <DurationComparison
              comparisons={comparisons}
              selected={values.durationWeeks}
              onSelect={editor.selectDuration}
              disabled={busy}
            />
            <p className={styles.hint}>{t('plan.comparison.effective_cost_hint')}</p>
          </>
        ) : (
          <p className={styles.muted}>{t('plan.comparison.empty')}</p>
        )}
      </Card>

      <div className={styles.footerActions}>
        <Button type="submit" form="revenue-sharing-plan-form" size="lg" busy={busy} busyText={t('plan.saving')}>
          {t('plan.continue')}
        </Button>
      </div>

      <PlanTour open={editor.tourOpen} onClose={() => editor.setTourOpen(false)} rootRef={rootRef} />
      {editor.leaveDialog}
    </div>
  );
}
