import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { stepPath } from '../api/applications.ts';
import { DurationBandField, RevenueBandField, SalesChannelsField } from './contact-choice-fields.tsx';
import { CityField, NoteField } from './contact-detail-fields.tsx';
import { storeNameMaxLength, useContactForm } from './use-contact-form.ts';
import styles from './worq-trade.module.css';

/**
 * `/worq-trade/onboarding/contact`: for sellers who cannot connect a store. The experts see the
 * answers (sales channels, revenue and experience bands, best-selling store, city, a note); the
 * application itself stays where it was.
 */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const { application, cities, ids, labels, register, control, errors, isSubmitting, leaveWarning, noteLength, onSubmit } =
    useContactForm();
  const field = { errors, register };

  return (
    <div className={styles.stepPage}>
      <PageHeader title={t('contact.heading')} subtitle={t('contact.intro')} />
      <Card>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p className={styles.note}>{t('contact.required_note')}</p>
          <SalesChannelsField id={ids.channels} label={labels.sales_channels} errors={errors} control={control} />
          <RevenueBandField id={ids.revenue} label={labels.monthly_revenue_band} {...field} />
          <DurationBandField id={ids.duration} label={labels.ecommerce_duration_band} {...field} />
          <TextField
            label={labels.best_selling_store_name}
            requiredMark
            maxLength={storeNameMaxLength}
            autoComplete="organization"
            error={errors.best_selling_store_name?.message}
            {...register('best_selling_store_name')}
          />
          <CityField id={ids.city} label={labels.headquarters_city_id} cities={cities} {...field} />
          <NoteField id={ids.note} label={labels.note} noteLength={noteLength} {...field} />
          <div className={styles.stepActions}>
            <Link to={stepPath(application.step)} className={styles.linkButtonGhost}>
              {t('contact.back')}
            </Link>
            <Button type="submit" busy={isSubmitting} busyText={t('contact.sending')}>
              {t('contact.submit')}
            </Button>
          </div>
        </form>
      </Card>
      {leaveWarning}
    </div>
  );
}
