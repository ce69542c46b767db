import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { useIsMobile } from '../../../components/ui/nav/use-is-mobile.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { queueFilters, queuePageSize, useReviewQueue, type QueueFilter, type QueueItem } from '../api/review-queue.ts';
import { formatDateTime, formatLira } from '../../../lib/format.ts';
import { fullName } from '../person.ts';
import { FilterButtons, ListResults, ListToolbar, Pagination, SearchBox, useListQuery } from './list-controls.tsx';
import { ApplicationStatusTag } from './status-tag.tsx';
import styles from './admin-list.module.css';

function applicationHref(item: QueueItem) {
  return `/admin/applications/${encodeURIComponent(item.id)}`;
}

function sellerName(item: QueueItem) {
  return fullName(item.customer) || item.customer.email;
}

function QueueTable({ items, caption }: { items: QueueItem[]; caption: string }) {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            t('queue.columns.submitted_at'),
            t('queue.columns.seller'),
            t('queue.columns.company'),
            { label: t('queue.columns.stock_purchase'), className: styles.numeric },
            { label: t('queue.columns.total_payment'), className: styles.numeric },
            t('queue.columns.duration'),
            { label: t('queue.columns.stores'), className: styles.numeric },
            t('queue.columns.status'),
          ]}
        />
        <tbody>
          {items.map((item) => (
            // The seller's name is the row's link for keyboards and screen readers; a click anywhere
            // on the row is a shortcut for the mouse.
            <tr key={item.id} className={styles.row} onClick={() => void navigate(applicationHref(item))}>
              <td className={styles.nowrap}>{formatDateTime(item.submitted_at ?? item.created_at, i18n.language)}</td>
              <td>
                <Link
                  to={applicationHref(item)}
                  className={styles.sellerLink}
                  aria-label={t('queue.open', { name: sellerName(item) })}
                  onClick={(event) => event.stopPropagation()}
                >
                  {sellerName(item)}
                </Link>
                <span className={styles.sub}>{item.customer.email}</span>
              </td>
              <td>{item.company_title ?? '—'}</td>
              <td className={styles.numeric}>{formatLira(item.plan?.estimated_stock_purchase_amount)}</td>
              <td className={styles.numeric}>{formatLira(item.plan?.total_payment_amount)}</td>
              <td className={styles.nowrap}>{item.plan ? t('weeks', { count: item.plan.duration_weeks }) : '—'}</td>
              <td className={styles.numeric}>{item.store_count}</td>
              <td>
                <ApplicationStatusTag status={item.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function QueueCards({ items }: { items: QueueItem[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <ul className={styles.cards}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={applicationHref(item)} className={styles.card} aria-label={t('queue.open', { name: sellerName(item) })}>
            <span className={styles.cardTop}>
              <span className={styles.cardName}>{sellerName(item)}</span>
              <ApplicationStatusTag status={item.status} />
            </span>
            <span className={styles.sub}>{item.company_title ?? item.customer.email}</span>
            <DefinitionList
              className={styles.cardFacts}
              items={[
                { label: t('queue.columns.submitted_at'), value: formatDateTime(item.submitted_at ?? item.created_at, i18n.language) },
                { label: t('queue.columns.stock_purchase'), value: formatLira(item.plan?.estimated_stock_purchase_amount) },
                { label: t('queue.columns.total_payment'), value: formatLira(item.plan?.total_payment_amount) },
                { label: t('queue.columns.duration'), value: item.plan ? t('weeks', { count: item.plan.duration_weeks }) : '—' },
                { label: t('queue.columns.stores'), value: item.store_count },
              ]}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /admin: the applications sellers submitted, under review first. */
export function Component() {
  const { t } = useTranslation('admin');
  const isMobile = useIsMobile();
  const { filter, q, page, setFilter, setQ, setPage } = useListQuery<QueueFilter>(queueFilters, 'status', 'in_progress');
  const { data, error, isLoading, isValidating, mutate } = useReviewQueue({ status: filter, q, page });
  const items = data?.items ?? [];

  return (
    <div className={styles.page}>
      <PageHeader title={t('queue.title')} subtitle={t('queue.subtitle')} />
      <ListToolbar>
        <FilterButtons
          label={t('queue.filters_label')}
          filters={queueFilters}
          value={filter}
          labelOf={(value) => t(`status.${value}`)}
          onChange={setFilter}
        />
        <SearchBox label={t('queue.search_label')} placeholder={t('queue.search_placeholder')} value={q} onSearch={setQ} />
      </ListToolbar>
      <ListResults
        countText={data ? t('queue.count', { count: data.total }) : null}
        isLoading={isLoading && !data}
        isValidating={isValidating}
        failed={Boolean(error) && !data}
        failedText={t('queue.load_failed')}
        onRetry={() => void mutate()}
        isEmpty={items.length === 0}
        emptyText={t('queue.empty')}
      >
        {isMobile ? (
          <QueueCards items={items} />
        ) : (
          <QueueTable items={items} caption={t('queue.caption', { status: t(`status.${filter}`) })} />
        )}
      </ListResults>
      {data && <Pagination page={page} total={data.total} pageSize={queuePageSize} onPage={setPage} />}
    </div>
  );
}
