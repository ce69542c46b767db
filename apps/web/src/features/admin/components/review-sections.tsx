import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import type { ApplicationReview } from '../api/application-review.ts';
import { formatPhoneNumber, fullName } from '../person.ts';
import { ContactFormDetails } from './contact-form-details.tsx';
import { Facts } from './review-facts.tsx';
import styles from './application-review-page.module.css';

export function SellerSection({ application }: { application: ApplicationReview }) {
  const { t } = useTranslation('admin');
  return (
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
  );
}

export function CompanySection({ application }: { application: ApplicationReview }) {
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

export function ContactFormsSection({ application }: { application: ApplicationReview }) {
  const { t } = useTranslation('admin');
  return (
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
  );
}
