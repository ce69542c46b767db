import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { notifyError } from '../../../lib/api-error.ts';
import {
  contactFormFilters,
  contactFormsPageSize,
  markContactFormHandled,
  useContactForms,
  type ContactForm,
  type ContactFormFilter,
} from '../api/contact-forms.ts';
import { formatPhoneNumber, fullName } from '../format.ts';
import { ContactFormDetails } from './contact-form-details.tsx';
import { FilterButtons, ListResults, ListToolbar, Pagination, SearchBox, useListQuery } from './list-controls.tsx';
import styles from './contact-forms-page.module.css';

function ContactFormCard({ form, onHandled }: { form: ContactForm; onHandled: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const name = fullName(form.customer) || form.customer.email;
  const phone = form.customer.phone_number ? formatPhoneNumber(form.customer.phone_number) : null;

  async function markHandled() {
    setBusy(true);
    try {
      await markContactFormHandled(form.id);
      toast.success(t('contact_forms.handled_toast'), { timeout: 5000, dismissible: true, showProgress: true });
      await onHandled();
    } catch (error) {
      void notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className={styles.card} aria-labelledby={`form-${form.id}`}>
      <header className={styles.cardHeader}>
        <div className={styles.who}>
          <h2 id={`form-${form.id}`} className={styles.name}>
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
            <a href={`mailto:${form.customer.email}`} className={styles.link}>
              {form.customer.email}
            </a>
          </p>
        </div>
        {form.handled_at ? (
          <Tag color="green" size="sm" icon={<CheckIcon size={14} />}>
            {t('contact_forms.filters.true')}
          </Tag>
        ) : (
          <Tag color="orange" size="sm" dot>
            {t('contact_forms.waiting')}
          </Tag>
        )}
      </header>
      <ContactFormDetails form={form} />
      {!form.handled_at && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" busy={busy} busyText={t('contact_forms.marking')} onClick={() => void markHandled()}>
            {t('contact_forms.mark_handled')}
          </Button>
        </div>
      )}
    </article>
  );
}

/** /admin/contact-forms: sellers who asked to be called back, with or without an application. */
export function Component() {
  const { t } = useTranslation('admin');
  const { filter, q, page, setFilter, setQ, setPage } = useListQuery<ContactFormFilter>(contactFormFilters, 'handled', 'false');
  const { data, error, isLoading, isValidating, mutate } = useContactForms({ handled: filter, q, page });
  // In "all", the forms still to call back come first (the server's order is kept within each group).
  const items = [...(data?.items ?? [])].sort((a, b) => Number(a.handled_at !== null) - Number(b.handled_at !== null));

  return (
    <div className={styles.page}>
      <PageHeader title={t('contact_forms.title')} subtitle={t('contact_forms.subtitle')} />
      <ListToolbar>
        <FilterButtons
          label={t('contact_forms.filters_label')}
          filters={contactFormFilters}
          value={filter}
          labelOf={(value) => t(`contact_forms.filters.${value}`)}
          onChange={setFilter}
        />
        <SearchBox label={t('contact_forms.search_label')} placeholder={t('contact_forms.search_placeholder')} value={q} onSearch={setQ} />
      </ListToolbar>
      <ListResults
        countText={data ? t('contact_forms.count', { count: data.total }) : null}
        isLoading={isLoading && !data}
        isValidating={isValidating}
        failed={Boolean(error) && !data}
        failedText={t('contact_forms.load_failed')}
        onRetry={() => void mutate()}
        isEmpty={items.length === 0}
        emptyText={t('contact_forms.empty')}
      >
        <ul className={styles.list}>
          {items.map((form) => (
            <li key={form.id}>
              <ContactFormCard form={form} onHandled={() => mutate()} />
            </li>
          ))}
        </ul>
      </ListResults>
      {data && <Pagination page={page} total={data.total} pageSize={contactFormsPageSize} onPage={setPage} />}
    </div>
  );
}
