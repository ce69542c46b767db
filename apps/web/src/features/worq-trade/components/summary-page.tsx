import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadFailed, LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notifyError } from '../../../lib/api-error.ts';
import { marketplaceName, useIntegrationDetails } from '../../connections/public.ts';
import { completeApplication } from '../api/applications.ts';
import { useSavedPlan } from '../api/plan.ts';
import { formatMoney, formatRate } from '../format.ts';
import { useOnboarding } from '../onboarding-context.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './worq-trade.module.css';

/** Step 3: the saved plan, the linked stores and company, and the submission for review. */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const navigate = useNavigate();
  const { application, goToStep, reload } = useOnboarding();
  const plan = useSavedPlan();
  const details = useIntegrationDetails();
  const [submitting, setSubmitting] = useState(false);
  const [editing, setEditing] = useState<1 | 2 | null>(null);

  async function edit(step: 1 | 2) {
    setEditing(step);
    try {
      await goToStep(step);
    } catch (failure) {
      setEditing(null);
      void notifyError(failure);
    }
  }

  async function submit() {
    setSubmitting(true);
    try {
      await completeApplication(application.id);
      // The success page first: once the list is re-read the onboarding guard has no application.
      await navigate('/worq-trade/application-success');
      void reload();
    } catch (failure) {
      setSubmitting(false);
      void notifyError(failure);
    }
  }

  const loading = (plan.isLoading && plan.data === undefined) || (details.isLoading && !details.data);
  const failed = (plan.data === undefined && plan.error) || (!details.data && details.error);

  let body;
  if (loading) {
    body = (
      <LoadState>
        <Spinner size="lg" />
      </LoadState>
    );
  } else if (failed) {
    body = (
      <LoadFailed
        text={message('data_load_error')}
        retryLabel={t('retry')}
        onRetry={() => {
          void plan.mutate();
          void details.mutate();
        }}
      />
    );
  } else {
    const saved = plan.data;
    const groups = details.data?.companies ?? [];
    body = (
      <>
        <Card
          title={t('summary.plan_title')}
          actions={
            <Button
              variant="tertiary"
              size="sm"
              busy={editing === 1}
              disabled={editing !== null || submitting}
              onClick={() => void edit(1)}
            >
              {t('summary.edit_plan')}
            </Button>
          }
        >
          {saved ? (
            <div className={styles.cardBody}>
              <dl className={styles.figures}>
                <div>
                  <dt>{t('figures.turnover')}</dt>
                  <dd>{formatMoney(saved.average_monthly_turnover)}</dd>
                </div>
                <div>
                  <dt>{t('figures.stock_purchase')}</dt>
                  <dd>{formatMoney(saved.estimated_stock_purchase_amount)}</dd>
                </div>
                <div>
                  <dt>{t('figures.sales_turnover')}</dt>
                  <dd>{formatMoney(saved.estimated_sales_turnover)}</dd>
                </div>
                <div>
                  <dt>{t('figures.duration')}</dt>
                  <dd>
                    {t('figures.weeks', { count: saved.duration_weeks })} · {formatRate(saved.provider_share_rate)}
                  </dd>
                </div>
                <div>
                  <dt>{t('figures.provider_share')}</dt>
                  <dd>{formatMoney(saved.provider_share_amount)}</dd>
                </div>
                <div>
                  <dt>{t('figures.your_share')}</dt>
                  <dd>{formatMoney(saved.your_share_amount)}</dd>
                </div>
                <div>
                  <dt>{t('figures.installments')}</dt>
                  <dd>
                    {t('figures.installment_value', { count: saved.installment_count, amount: formatMoney(saved.installment_amount) })}
                  </dd>
                </div>
                <div>
                  <dt>{t('figures.total_payment')}</dt>
                  <dd className={styles.strong}>{formatMoney(saved.total_payment_amount)}</dd>
                </div>
              </dl>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className={styles.caption}>{t('summary.schedule_caption', { week: saved.payment_start_week })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('summary.week')}</th>
                      <th scope="col" className={styles.numeric}>
                        {t('summary.amount')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {saved.schedule.map((row) => (
                      <tr key={row.week}>
                        <th scope="row">{t('summary.week_value', { week: row.week })}</th>
                        <td className={styles.numeric}>{formatMoney(row.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : (
            <p className={styles.storeProblem}>{message('plan_not_found')}</p>
          )}
        </Card>
        <Card
          title={t('summary.stores_title')}
          actions={
            <Button
              variant="tertiary"
              size="sm"
              busy={editing === 2}
              disabled={editing !== null || submitting}
              onClick={() => void edit(2)}
            >
              {t('summary.edit_stores')}
            </Button>
          }
        >
          {groups.length === 0 ? (
            <p className={styles.storeProblem}>{message('integration_not_found')}</p>
          ) : (
            <div className={styles.cardBody}>
              {groups.map(({ company, integrations }) => (
                <section key={company.id} className={styles.companyGroup} aria-label={company.trade_name}>
                  <dl className={styles.figures}>
                    <div>
                      <dt>{t('summary.company.trade_name')}</dt>
                      <dd>{company.trade_name}</dd>
                    </div>
                    <div>
                      <dt>{t('summary.company.type')}</dt>
                      <dd>{t(`summary.company.types.${company.type}`)}</dd>
                    </div>
                    <div>
                      <dt>{t('summary.company.tax_number')}</dt>
                      <dd>{company.tax_number}</dd>
                    </div>
                    <div>
                      <dt>{t('summary.company.official_full_name')}</dt>
                      <dd>{company.official_full_name}</dd>
                    </div>
                  </dl>
                  <ul className={styles.summaryStores}>
                    {integrations.map((integration) => (
                      <li key={integration.id}>
                        <strong>{integration.store_name}</strong>{' '}
                        <span className={styles.note}>{marketplaceName(integration.marketplace_code)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </Card>
      </>
    );
  }

  return (
    <div className={styles.stepPage}>
      <PageHeader title={t('summary.heading')} subtitle={t('summary.intro')} />
      {body}
      <p className={styles.note}>{t('summary.review_note')}</p>
      <div className={styles.stepActions}>
        <Button variant="ghost" disabled={editing !== null || submitting} onClick={() => void edit(2)}>
          {t('steps.back')}
        </Button>
        <Button busy={submitting} busyText={t('summary.submitting')} disabled={loading || editing !== null} onClick={() => void submit()}>
          {t('summary.submit')}
        </Button>
      </div>
    </div>
  );
}
