import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useIsMobile } from '../../../components/ui/nav/use-is-mobile.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { queueFilters, queuePageSize, useReviewQueue, type QueueFilter, type QueueItem } from '../api/review-queue.ts';
import { formatDateTime, formatMoney, fullName } from '../format.ts';
import { FilterButtons, ListResults, ListToolbar, Pagination, SearchBox, useListQuery } from './list-controls.tsx';
import { ApplicationStatusTag } from './status-tag.tsx';
import styles from './review-queue-page.module.css';

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
        <thead>
          <tr>
            <th scope="col">{t('queue.columns.submitted_at')}</th>
            <th scope="col">{t('queue.columns.seller')}</th>
            <th scope="col">{t('queue.columns.company')}</th>
            <th scope="col" className={styles.numeric}>
              {t('queue.columns.stock_purchase')}
            </th>
            <th scope="col" className={styles.numeric}>
              {t('queue.columns.total_payment')}
            </th>
            <th scope="col">{t('queue.columns.duration')}</th>
            <th scope="col" className={styles.numeric}>
              {t('queue.columns.stores')}
            </th>
            <th scope="col">{t('queue.columns.status')}</th>
          </tr>
        </thead>
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
              <td className={styles.numeric}>{formatMoney(item.plan?.estimated_stock_purchase_amount)}</td>
              <td className={styles.numeric}>{formatMoney(item.plan?.total_payment_amount)}</td>
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
            <dl className={styles.cardFacts}>
              <div>
                <dt>{t('queue.columns.submitted_at')}</dt>
                <dd>{formatDateTime(item.submitted_at ?? item.created_at, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('queue.columns.stock_purchase')}</dt>
                <dd>{formatMoney(item.plan?.estimated_stock_purchase_amount)}</dd>
              </div>
              <div>
                <dt>{t('queue.columns.total_payment')}</dt>
                <dd>{formatMoney(item.plan?.total_payment_amount)}</dd>
              </div>
              <div>
                <dt>{t('queue.columns.duration')}</dt>
                <dd>{item.plan ? t('weeks', { count: item.plan.duration_weeks }) : '—'}</dd>
              </div>
              <div>
                <dt>{t('queue.columns.stores')}</dt>
                <dd>{item.store_count}</dd>
              </div>
            </dl>
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
