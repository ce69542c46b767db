import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { CodeInput } from '../../../components/ui/form/code-input.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { PhoneField } from '../../../components/ui/form/phone-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { Demo, GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

export function FormSection() {
  const { t } = useTranslation('dev');
  const [date, setDate] = useState('');
  const [code, setCode] = useState('');
  const [accepted, setAccepted] = useState(false);
  return (
    <GallerySection id="forms" title={t('gallery.forms.title')} description={t('gallery.forms.description')}>
      <div className={styles.formGrid}>
        <Demo label={t('gallery.forms.date_picker')}>
          <div className={styles.stack}>
            <DatePicker label={t('gallery.forms.birth_date')} value={date} onChange={setDate} />
            <output className={styles.output}>{date || '—'}</output>
          </div>
        </Demo>
        <Demo label={t('gallery.forms.date_picker_states')}>
          <div className={styles.stack}>
            <DatePicker
              label={t('gallery.forms.birth_date')}
              value=""
              onChange={() => {}}
              error={t('gallery.forms.required_error')}
              required
            />
            <DatePicker label={t('gallery.forms.birth_date')} value="1990-05-19" onChange={() => {}} disabled />
          </div>
        </Demo>
        <Demo label={t('gallery.forms.text_fields')}>
          <div className={styles.stack}>
            <TextField label={t('gallery.forms.first_name')} placeholder={t('gallery.forms.first_name_placeholder')} />
            <TextField label={t('gallery.forms.store_name')} hint={t('gallery.forms.store_hint')} requiredMark />
            <TextField label={t('gallery.forms.email')} defaultValue="satici@ornek" error={t('gallery.forms.email_error')} />
            <TextField label={t('gallery.forms.disabled_field')} defaultValue="WorqTrade" disabled />
          </div>
        </Demo>
        <Demo label={t('gallery.forms.special_fields')}>
          <div className={styles.stack}>
            <PasswordField
              label={t('gallery.forms.password')}
              showLabel={t('gallery.forms.show_password')}
              hideLabel={t('gallery.forms.hide_password')}
            />
            <PhoneField label={t('gallery.forms.phone')} />
            <CodeInput
              label={t('gallery.forms.code')}
              value={code}
              onChange={setCode}
              digitLabel={(position, length) => t('gallery.forms.code_digit', { position, length })}
            />
            <Checkbox label={t('gallery.forms.consent')} checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
            <FormError>{t('gallery.forms.form_error')}</FormError>
          </div>
        </Demo>
      </div>
    </GallerySection>
  );
}
