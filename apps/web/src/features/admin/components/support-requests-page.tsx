import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { notifyError } from '../../../lib/api-error.ts';
import {
  markSupportRequestHandled,
  supportRequestFilters,
  supportRequestsPageSize,
  useSupportRequests,
  type SupportRequest,
  type SupportRequestFilter,
} from '../api/support-requests.ts';
import { formatDateTime, formatPhoneNumber, fullName } from '../format.ts';
import { FilterButtons, ListResults, ListToolbar, Pagination, SearchBox, useListQuery } from './list-controls.tsx';
import styles from './contact-forms-page.module.css';
import own from './support-requests-page.module.css';

function SupportRequestCard({ request, onHandled }: { request: SupportRequest; onHandled: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const name = fullName(request.customer) || request.customer.email;
  const phone = request.customer.phone_number ? formatPhoneNumber(request.customer.phone_number) : null;

  async function markHandled() {
    setBusy(true);
    try {
      await markSupportRequestHandled(request.id);
      toast.success(t('support_requests.handled_toast'), { timeout: 5000, dismissible: true, showProgress: true });
      await onHandled();
    } catch (error) {
      void notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className={styles.card} aria-labelledby={`support-${request.id}`}>
      <header className={styles.cardHeader}>
        <div className={styles.who}>
          <h2 id={`support-${request.id}`} className={styles.name}>
            {name}
          </h2>
          <p className={styles.contact}>
            {phone && (
              <a
                href={`tel:${phone.replace(/\s/g, '')}`}
                className={styles.link}
                aria-label={`${t('contact_forms.call', { name })}: ${phone}`}
              >
                {phone}
              </a>
            )}
            <a href={`mailto:${request.customer.email}`} className={styles.link}>
              {request.customer.email}
            </a>
          </p>
        </div>
        {request.handled_at ? (
          <Tag color="green" size="sm" icon={<CheckIcon size={14} />}>
            {t('support_requests.filters.true')}
          </Tag>
        ) : (
          <Tag color="orange" size="sm" dot>
            {t('support_requests.waiting')}
          </Tag>
        )}
      </header>
      <dl className={own.facts}>
        <div>
          <dt>{t('support_requests.topic')}</dt>
          <dd>{t(`support_requests.topics.${request.topic}`)}</dd>
        </div>
        <div>
          <dt>{t('support_requests.preference')}</dt>
          <dd>{t(`support_requests.preferences.${request.contact_preference}`)}</dd>
        </div>
        <div>
          <dt>{t('support_requests.received')}</dt>
          <dd>
            <time dateTime={request.created_at}>{formatDateTime(request.created_at, i18n.language)}</time>
          </dd>
        </div>
      </dl>
      <p className={own.message}>{request.message}</p>
      {request.handled_at && (
        <p className={own.handled}>
          {t('support_requests.handled_by', {
            name: request.handled_by?.name || request.handled_by?.email || '—',
            date: formatDateTime(request.handled_at, i18n.language),
          })}
        </p>
      )}
      {!request.handled_at && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" busy={busy} busyText={t('contact_forms.marking')} onClick={() => void markHandled()}>
            {t('support_requests.mark_handled')}
          </Button>
        </div>
      )}
    </article>
  );
}

/** /admin/support-requests: what sellers wrote through the built-in support form; "to call back" and "done". */
export function Component() {
  const { t } = useTranslation('admin');
  const { filter, q, page, setFilter, setQ, setPage } = useListQuery<SupportRequestFilter>(supportRequestFilters, 'handled', 'false');
  const { data, error, isLoading, isValidating, mutate } = useSupportRequests({ handled: filter, q, page });
  const items = [...(data?.items ?? [])].sort((a, b) => Number(a.handled_at !== null) - Number(b.handled_at !== null));

  return (
    <div className={styles.page}>
      <PageHeader title={t('support_requests.title')} subtitle={t('support_requests.subtitle')} />
      <ListToolbar>
        <FilterButtons
          label={t('support_requests.filters_label')}
          filters={supportRequestFilters}
          value={filter}
          labelOf={(value) => t(`support_requests.filters.${value}`)}
          onChange={setFilter}
        />
        <SearchBox
          label={t('support_requests.search_label')}
          placeholder={t('support_requests.search_placeholder')}
          value={q}
          onSearch={setQ}
        />
      </ListToolbar>
      <ListResults
        countText={data ? t('support_requests.count', { count: data.total }) : null}
        isLoading={isLoading && !data}
        isValidating={isValidating}
        failed={Boolean(error) && !data}
        failedText={t('support_requests.load_failed')}
        onRetry={() => void mutate()}
        isEmpty={items.length === 0}
        emptyText={t('support_requests.empty')}
      >
        <ul className={styles.list}>
          {items.map((request) => (
            <li key={request.id}>
              <SupportRequestCard request={request} onHandled={() => mutate()} />
            </li>
          ))}
        </ul>
      </ListResults>
      {data && <Pagination page={page} total={data.total} pageSize={supportRequestsPageSize} onPage={setPage} />}
    </div>
  );
}
