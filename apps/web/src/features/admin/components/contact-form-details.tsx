import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import type { ContactForm } from '../api/contact-forms.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ApplicationStatusTag } from './status-tag.tsx';
import styles from './contact-form-details.module.css';

/** What the seller answered on the contact (skip-step) form, with the spec's band labels. */
export function ContactFormDetails({ form, showApplication = true }: { form: ContactForm; showApplication?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const channels = form.sales_channels.map((channel) => t(`channels.${channel}`)).join(', ') || '—';
  return (
    <>
      <DefinitionList
        className={styles.facts}
        items={[
          { label: t('contact_forms.sales_channels'), value: channels },
          { label: t('contact_forms.monthly_revenue'), value: t(`revenue_bands.${form.monthly_revenue_band}`) },
          { label: t('contact_forms.ecommerce_duration'), value: t(`duration_bands.${form.ecommerce_duration_band}`) },
          { label: t('contact_forms.best_selling_store'), value: form.best_selling_store_name },
          { label: t('contact_forms.city'), value: form.headquarters_city.name },
          showApplication && {
            label: t('contact_forms.application'),
            value: form.application ? (
              <span className={styles.application}>
                <Link to={`/admin/applications/${encodeURIComponent(form.application.id)}`} className={styles.link}>
                  {t('contact_forms.open_application')}
                </Link>
                <ApplicationStatusTag status={form.application.status} />
              </span>
            ) : (
              t('contact_forms.no_application')
            ),
          },
          {
            label: t('contact_forms.note'),
            value: form.note?.trim() ? form.note : <span className={styles.muted}>{t('contact_forms.no_note')}</span>,
            className: styles.wide,
            valueClassName: styles.note,
          },
        ]}
      />
      <p className={styles.muted}>
        {t('contact_forms.received_at', { date: formatDateTime(form.created_at, i18n.language) })}
        {form.handled_at && (
          <>
            {' · '}
            {t('contact_forms.handled_by', {
              name: form.handled_by?.name || form.handled_by?.email || '—',
              date: formatDateTime(form.handled_at, i18n.language),
            })}
          </>
        )}
      </p>
    </>
  );
}
