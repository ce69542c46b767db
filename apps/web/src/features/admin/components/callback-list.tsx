import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { notifyError } from '../../../lib/api-error.ts';
import { formatPhoneNumber, fullName } from '../person.ts';
import { FilterButtons, ListResults, ListToolbar, Pagination, SearchBox, useListQuery } from './list-controls.tsx';
import styles from './contact-forms-page.module.css';

/*
 * The two back-office lists of sellers to call back (contact forms and support requests) share their
 * page and their card: who asked, how to reach them, handled or waiting, and "mark as handled".
 * `texts` is the list's key prefix in the admin namespace (`contact_forms`, `support_requests`).
 */

type Texts = 'contact_forms' | 'support_requests';

interface Caller {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

interface CallbackItem {
  id: string;
  handled_at: string | null;
  customer: Caller;
}

interface CallbackCardProps {
  texts: Texts;
  /** The card heading's id: `${idPrefix}-${item.id}`. */
  idPrefix: string;
  item: CallbackItem;
  markHandled: (id: string) => Promise<unknown>;
  onHandled: () => Promise<unknown>;
  /** What this kind of request adds between the header and the button. */
  children: ReactNode;
}

export function CallbackCard({ texts, idPrefix, item, markHandled, onHandled, children }: CallbackCardProps) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const name = fullName(item.customer) || item.customer.email;
  const phone = item.customer.phone_number ? formatPhoneNumber(item.customer.phone_number) : null;
  const headingId = `${idPrefix}-${item.id}`;

  async function onMarkHandled() {
    setBusy(true);
    try {
      await markHandled(item.id);
      toast.success(t(`${texts}.handled_toast`), { timeout: 5000, dismissible: true, showProgress: true });
      await onHandled();
    } catch (error) {
      void notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <div className={styles.who}>
          <h2 id={headingId} className={styles.name}>
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
            <a href={`mailto:${item.customer.email}`} className={styles.link}>
              {item.customer.email}
            </a>
          </p>
        </div>
        {item.handled_at ? (
          <Tag color="green" size="sm" icon={<CheckIcon size={14} />}>
            {t(`${texts}.filters.true`)}
          </Tag>
        ) : (
          <Tag color="orange" size="sm" dot>
            {t(`${texts}.waiting`)}
          </Tag>
        )}
      </header>
      {children}
      {!item.handled_at && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" busy={busy} busyText={t('contact_forms.marking')} onClick={() => void onMarkHandled()}>
            {t(`${texts}.mark_handled`)}
          </Button>
        </div>
      )}
    </article>
  );
}

interface ListAnswer<T> {
  data?: { items: T[]; total: number };
  error?: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

interface CallbackListPageProps<F extends string, T extends CallbackItem> {
  texts: Texts;
  filters: readonly F[];
  pageSize: number;
  useItems: (query: { handled: F; q: string; page: number }) => ListAnswer<T>;
  renderItem: (item: T, onHandled: () => Promise<unknown>) => ReactNode;
}

export function CallbackListPage<F extends string, T extends CallbackItem>({
  texts,
  filters,
  pageSize,
  useItems,
  renderItem,
}: CallbackListPageProps<F, T>) {
  const { t } = useTranslation('admin');
  const { filter, q, page, setFilter, setQ, setPage } = useListQuery<F>(filters, 'handled', 'false' as F);
  const { data, error, isLoading, isValidating, mutate } = useItems({ handled: filter, q, page });
  // In "all", the requests still to call back come first (the server's order is kept within each group).
  const items = [...(data?.items ?? [])].sort((a, b) => Number(a.handled_at !== null) - Number(b.handled_at !== null));

  return (
    <div className={styles.page}>
      <PageHeader title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`)} />
      <ListToolbar>
        <FilterButtons
          label={t(`${texts}.filters_label`)}
          filters={filters}
          value={filter}
          labelOf={(value) => t(`${texts}.filters.${value}`)}
          onChange={setFilter}
        />
        <SearchBox label={t(`${texts}.search_label`)} placeholder={t(`${texts}.search_placeholder`)} value={q} onSearch={setQ} />
      </ListToolbar>
      <ListResults
        countText={data ? t(`${texts}.count`, { count: data.total }) : null}
        isLoading={isLoading && !data}
        isValidating={isValidating}
        failed={Boolean(error) && !data}
        failedText={t(`${texts}.load_failed`)}
        onRetry={() => void mutate()}
        isEmpty={items.length === 0}
        emptyText={t(`${texts}.empty`)}
      >
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>{renderItem(item, () => mutate())}</li>
          ))}
        </ul>
      </ListResults>
      {data && <Pagination page={page} total={data.total} pageSize={pageSize} onPage={setPage} />}
    </div>
  );
}
