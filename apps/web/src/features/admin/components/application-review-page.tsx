import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ChevronLeftIcon, ExternalLinkIcon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { useApplicationReview, type ApplicationReview, type ReviewPlan, type StoreStatus } from '../api/application-review.ts';
import { reviewQueuePath } from '../api/review-queue.ts';
import { formatDate, formatDateTime, formatMoney, formatPhoneNumber, fullName } from '../format.ts';
import { StorePerformanceSection } from './store-performance.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { ContactFormDetails } from './contact-form-details.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { RepaymentPanel } from './repayment-panel.tsx';
import { ApplicationStatusTag, StoreStatusTag } from './status-tag.tsx';
import styles from './application-review-page.module.css';

function Facts({ items }: { items: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PlanSection({ plan }: { plan: ReviewPlan | null }) {
  const { t, i18n } = useTranslation('admin');
  if (!plan) {
    return (
      <Card title={t('review.plan.title')}>
        <p className={styles.none}>{t('review.plan.none')}</p>
      </Card>
    );
  }
  const percent = new Intl.NumberFormat(i18n.language.startsWith('en') ? 'en-GB' : 'tr-TR', { style: 'percent', maximumFractionDigits: 2 });
  return (
    <Card title={t('review.plan.title')}>
      <div className={styles.planGrid}>
        <div>
          <h3 className={styles.subheading}>{t('review.plan.inputs')}</h3>
          <Facts
            items={[
              [t('review.plan.average_monthly_turnover'), formatMoney(plan.average_monthly_turnover)],
              [t('review.plan.estimated_stock_purchase_amount'), formatMoney(plan.estimated_stock_purchase_amount)],
              [t('review.plan.estimated_sales_turnover'), formatMoney(plan.estimated_sales_turnover)],
              [t('review.plan.duration'), t('weeks', { count: plan.duration_weeks })],
              [t('review.plan.payment_start_week'), t('review.plan.week_ordinal', { week: plan.payment_start_week })],
            ]}
          />
        </div>
        <div>
          <h3 className={styles.subheading}>{t('review.plan.figures')}</h3>
          <Facts
            items={[
              [t('review.plan.provider_share_rate'), percent.format(plan.provider_share_rate)],
              [t('review.plan.provider_share_amount'), formatMoney(plan.provider_share_amount)],
              [t('review.plan.your_share_amount'), formatMoney(plan.your_share_amount)],
              [t('review.plan.total_payment'), formatMoney(plan.total_payment_amount)],
              [
                t('review.plan.installments'),
                t('review.plan.installments_value', { count: plan.installment_count, amount: formatMoney(plan.installment_amount) }),
              ],
            ]}
          />
        </div>
      </div>
      {plan.schedule.length > 0 && (
        <div className={styles.scheduleWrap}>
          <table className={styles.schedule}>
            <caption className={styles.subheading}>{t('review.plan.schedule')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('review.plan.schedule_week')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('review.plan.schedule_amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.schedule.map((installment) => (
                <tr key={installment.week}>
                  <th scope="row">{t('review.plan.week_ordinal', { week: installment.week })}</th>
                  <td className={styles.numeric}>{formatMoney(installment.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

const storeStatuses: StoreStatus[] = ['active', 'out_of_date', 'disabled', 'deleted'];

function StoresSection({ application }: { application: ApplicationReview }) {
  const { t, i18n } = useTranslation('admin');
  const stores = application.integrations;
  return (
    <Card title={t('review.stores.title')}>
      {stores.length === 0 ? (
        <p className={styles.none}>{t('review.stores.none')}</p>
      ) : (
        <ul className={styles.stores}>
          {stores.map((store) => {
            const atSubmission = storeStatuses.find((status) => status === store.status_at_submission);
            return (
              <li key={store.id} className={styles.store}>
                <div className={styles.storeTop}>
                  <span className={styles.storeName}>
                    {store.store_link ? (
                      <a
                        href={store.store_link}
                        target="_blank"
                        rel="noreferrer noopener"
                        className={styles.link}
                        aria-label={t('review.stores.open_store', { name: store.store_name })}
                      >
                        {store.store_name}
                        <ExternalLinkIcon size={14} />
                      </a>
                    ) : (
                      store.store_name
                    )}
                  </span>
                  <StoreStatusTag status={store.status} />
                </div>
                <Facts
                  items={[
                    [t('review.stores.marketplace'), store.marketplace_name ?? store.marketplace_code ?? '—'],
                    [t('review.stores.company'), store.company_title ?? '—'],
                    [t('review.stores.connected_at'), formatDate(store.connected_at, i18n.language)],
                  ]}
                />
                {atSubmission && atSubmission !== store.status && (
                  <p className={styles.none}>{t('review.stores.at_submission', { status: t(`store_status.${atSubmission}`) })}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function CompanySection({ application }: { application: ApplicationReview }) {
  const { t } = useTranslation('admin');
  const company = application.company;
  return (
    <Card title={t('review.company.title')}>
      {company ? (
        <Facts
          items={[
            [t('review.company.type'), t(`review.company_types.${company.type}`)],
            [t('review.company.trade_name'), company.trade_name],
            [t('review.company.official_full_name'), company.official_full_name],
            [t('review.company.tax_number'), <span className={styles.mono}>{company.tax_number}</span>],
            [t('review.company.tax_office'), company.tax_office || '—'],
          ]}
        />
      ) : (
        <p className={styles.none}>{t('review.company.none')}</p>
      )}
    </Card>
  );
}

/** /admin/applications/:id — everything an expert needs to decide, and the decision itself. */
export function Component() {
  const { t, i18n } = useTranslation('admin');
  const { id } = useParams();
  const { data: application, error, isLoading, mutate } = useApplicationReview(id);
  const { mutate: mutateAll } = useSWRConfig();

  const back = (
    <Link to="/admin" className={styles.back}>
      <ChevronLeftIcon size={16} />
      {t('review.back')}
    </Link>
  );

  if (!application) {
    if (isLoading || !error) {
      return (
        <div className={styles.loading}>
          <Spinner size="lg" />
        </div>
      );
    }
    return (
      <div className={styles.page}>
        {back}
        <div className={styles.problem} role="alert">
          <p>{errorStatus(error) === 404 ? t('review.not_found') : t('review.load_failed')}</p>
          {errorStatus(error) !== 404 && (
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const name = fullName(application.customer) || application.customer.email;
  // The cached queue pages are dropped, not shown stale: the decided row must not linger there.
  const reload = () =>
    Promise.all([mutate(), mutateAll((key) => Array.isArray(key) && key[0] === reviewQueuePath, undefined, { revalidate: false })]);

  return (
    <div className={styles.page}>
      {back}
      <div className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t('review.title', { name })}</h1>
          <ApplicationStatusTag status={application.status} size="md" />
        </div>
        <p className={styles.subtitle}>
          {application.submitted_at
            ? t('review.submitted_at', { date: formatDateTime(application.submitted_at, i18n.language) })
            : t('review.created_at', { date: formatDateTime(application.created_at, i18n.language) })}
        </p>
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          <Card title={t('review.seller.title')}>
            <Facts
              items={[
                [t('review.seller.name'), fullName(application.customer) || '—'],
                [
                  t('review.seller.email'),
                  <a href={`mailto:${application.customer.email}`} className={styles.link}>
                    {application.customer.email}
                  </a>,
                ],
                [
                  t('review.seller.phone'),
                  application.customer.phone_number ? (
                    <a href={`tel:${formatPhoneNumber(application.customer.phone_number).replace(/\s/g, '')}`} className={styles.link}>
                      {formatPhoneNumber(application.customer.phone_number)}
                    </a>
                  ) : (
                    '—'
                  ),
                ],
              ]}
            />
          </Card>
          <PlanSection plan={application.plan} />
          {application.store_performance && <StorePerformanceSection performance={application.store_performance} />}
          <StoresSection application={application} />
          <CompanySection application={application} />
          <Card title={t('review.contact_forms.title')}>
            {application.contact_forms.length === 0 ? (
              <p className={styles.none}>{t('review.contact_forms.none')}</p>
            ) : (
              <ul className={styles.forms}>
                {application.contact_forms.map((form) => (
                  <li key={form.id}>
                    <ContactFormDetails form={form} showApplication={form.application?.id !== application.id} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className={styles.aside}>
          <DecisionPanel application={application} onChanged={reload} />
          {application.status === 'approved' && <RepaymentPanel applicationId={application.id} onChanged={() => mutate()} />}
          <Card title={t('review.audit.title')}>
            <AuditTrail events={application.events} />
          </Card>
        </div>
      </div>
    </div>
  );
}
