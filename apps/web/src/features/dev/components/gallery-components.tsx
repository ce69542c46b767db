import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { ErrorView } from '../../../components/ui/error-view.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { CodeInput } from '../../../components/ui/form/code-input.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { PhoneField } from '../../../components/ui/form/phone-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import {
  CheckIcon,
  ChevronRightIcon,
  DocumentIcon,
  ExternalLinkIcon,
  KebabIcon,
  StoreIcon,
  SuccessIcon,
  UserIcon,
} from '../../../components/ui/icon.tsx';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Logo } from '../../../components/ui/nav/logo.tsx';
import { ProfileMenu } from '../../../components/ui/nav/profile-menu.tsx';
import { OverflowMenu } from '../../../components/ui/overflow-menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CityLevelTag, Tag, type CityLevel, type TagColor } from '../../../components/ui/tag.tsx';
import { ThemeToggle } from '../../../components/ui/theme-toggle.tsx';
import { ToastContainer } from '../../../components/ui/toast/toast-container.tsx';
import { addToast, clearToasts, toast, type ToastAnimation, type ToastType } from '../../../components/ui/toast/toast-store.ts';
import { useTheme } from '../../../lib/theme.ts';
import { Demo, GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const buttonVariants: ButtonVariant[] = ['primary', 'secondary', 'tertiary', 'danger', 'ghost', 'eliptic-primary', 'eliptic-ghost'];
const buttonSizes: ButtonSize[] = ['sm', 'md', 'lg'];
const tagColours: TagColor[] = ['green', 'purple', 'red', 'blue', 'orange', 'gray', 'yellow'];
const cityLevels: CityLevel[] = [1, 2, 3, 4, 5];
const toastTypes: ToastType[] = ['Success', 'Error', 'Info', 'Warning'];
const toastAnimations: ToastAnimation[] = ['slide-from-right', 'fade', 'slide-from-left'];

export function ButtonSection() {
  const { t } = useTranslation('dev');
  const states = ['normal', 'busy', 'busy_text', 'disabled'] as const;
  return (
    <GallerySection id="buttons" title={t('gallery.buttons.title')} description={t('gallery.buttons.description')}>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t('gallery.buttons.matrix')}>
        <table className={styles.matrix}>
          <caption className="visually-hidden">{t('gallery.buttons.matrix')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gallery.buttons.variant')}</th>
              {states.map((state) => (
                <th key={state} scope="col">
                  {t(`gallery.buttons.state.${state}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {buttonVariants.map((variant) => (
              <tr key={variant}>
                <th scope="row">
                  <code>{variant}</code>
                </th>
                <td>
                  <Button variant={variant}>{t('gallery.buttons.label')}</Button>
                </td>
                <td>
                  <Button variant={variant} busy>
                    {t('gallery.buttons.label')}
                  </Button>
                </td>
                <td>
                  <Button variant={variant} busy busyText={t('gallery.buttons.busy_text')}>
                    {t('gallery.buttons.label')}
                  </Button>
                </td>
                <td>
                  <Button variant={variant} disabled>
                    {t('gallery.buttons.label')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.buttons.sizes')}>
          {buttonSizes.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
        </Demo>
        <Demo label={t('gallery.buttons.with_icon')}>
          <Button icon={<CheckIcon />}>{t('gallery.buttons.save')}</Button>
          <Button variant="secondary" icon={<ExternalLinkIcon />}>
            {t('gallery.buttons.open')}
          </Button>
          <Button variant="tertiary" icon={<ChevronRightIcon />}>
            {t('gallery.buttons.next')}
          </Button>
        </Demo>
        <Demo label={t('gallery.buttons.icon_only')}>
          {buttonSizes.map((size) => (
            <Button key={size} size={size} variant="eliptic-primary" icon={<UserIcon />} aria-label={t('gallery.buttons.profile')} />
          ))}
          {buttonSizes.map((size) => (
            <Button key={`g-${size}`} size={size} variant="eliptic-ghost" icon={<KebabIcon />} aria-label={t('gallery.buttons.more')} />
          ))}
        </Demo>
        <Demo label={t('gallery.buttons.full_width')}>
          <Button fullWidth>{t('gallery.buttons.continue')}</Button>
          <Button fullWidth variant="secondary">
            {t('gallery.buttons.back')}
          </Button>
        </Demo>
      </div>
    </GallerySection>
  );
}

export function CardSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="cards" title={t('gallery.cards.title')} description={t('gallery.cards.description')}>
      <div className={styles.cardGrid}>
        <Card>{t('gallery.cards.plain')}</Card>
        <Card
          title={t('gallery.cards.with_title')}
          headingLevel={3}
          description={t('gallery.cards.with_title_description')}
          actions={
            <OverflowMenu
              label={t('gallery.overflow.more_for', { name: t('gallery.cards.with_title') })}
              items={[{ label: t('gallery.overflow.edit'), onSelect: () => toast.info(t('gallery.overflow.edit')) }]}
            />
          }
          footer={
            <Button size="sm" variant="tertiary">
              {t('gallery.cards.action')}
            </Button>
          }
        >
          {t('gallery.cards.body')}
        </Card>
        <Card muted padding="sm" title={t('gallery.cards.muted')} headingLevel={3}>
          {t('gallery.cards.muted_body')}
        </Card>
        <Card padding="lg" title={t('gallery.cards.large')} headingLevel={3}>
          {t('gallery.cards.body')}
        </Card>
        <Card padding="none">
          <div className={styles.cardMedia} aria-hidden="true" />
          <p className={styles.cardMediaText}>{t('gallery.cards.no_padding')}</p>
        </Card>
      </div>
    </GallerySection>
  );
}

export function TagSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="tags" title={t('gallery.tags.title')} description={t('gallery.tags.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.tags.colours')}>
          {tagColours.map((colour) => (
            <Tag key={colour} color={colour}>
              {colour}
            </Tag>
          ))}
        </Demo>
        <Demo label={t('gallery.tags.with_dot_small')}>
          {tagColours.map((colour) => (
            <Tag key={colour} color={colour} dot size="sm">
              {colour}
            </Tag>
          ))}
        </Demo>
        <Demo label={t('gallery.tags.statuses')}>
          <Tag color="green" dot>
            {t('gallery.tags.approved')}
          </Tag>
          <Tag color="purple" dot>
            {t('gallery.tags.under_review')}
          </Tag>
          <Tag color="red" dot>
            {t('gallery.tags.rejected')}
          </Tag>
          <Tag color="gray" dot>
            {t('gallery.tags.not_completed')}
          </Tag>
          <Tag color="orange" icon={<StoreIcon />}>
            {t('gallery.tags.out_of_date')}
          </Tag>
          <Tag color="blue" icon={<SuccessIcon />}>
            {t('gallery.tags.active')}
          </Tag>
        </Demo>
        <Demo label={t('gallery.tags.city_levels')}>
          {cityLevels.map((level) => (
            <CityLevelTag key={level} level={level} />
          ))}
        </Demo>
      </div>
    </GallerySection>
  );
}

export function SpinnerSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="spinner" title={t('gallery.spinner.title')} description={t('gallery.spinner.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.spinner.sizes')}>
          <Spinner size="sm" />
          <Spinner size="md" />
          <Spinner size="lg" />
        </Demo>
        <Demo label={t('gallery.spinner.with_label')}>
          <span className={styles.inlineStatus}>
            <Spinner size="sm" label={t('gallery.spinner.saving')} />
            <span aria-hidden="true">{t('gallery.spinner.saving')}</span>
          </span>
        </Demo>
      </div>
    </GallerySection>
  );
}

export function OverlaySection() {
  const { t } = useTranslation('dev');
  const [modal, setModal] = useState<'normal' | 'expanded' | 'custom' | null>(null);
  const [busy, setBusy] = useState(false);
  const [drawer, setDrawer] = useState<'left' | 'right' | null>(null);

  function submit() {
    setBusy(true);
    window.setTimeout(() => {
      setBusy(false);
      setModal(null);
      toast.success(t('gallery.overlays.sent'));
    }, 1200);
  }

  return (
    <GallerySection id="overlays" title={t('gallery.overlays.title')} description={t('gallery.overlays.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.overlays.modal')}>
          <Button variant="secondary" onClick={() => setModal('normal')}>
            {t('gallery.overlays.open_modal')}
          </Button>
          <Button variant="secondary" onClick={() => setModal('expanded')}>
            {t('gallery.overlays.open_expanded')}
          </Button>
          <Button variant="secondary" onClick={() => setModal('custom')}>
            {t('gallery.overlays.open_custom')}
          </Button>
        </Demo>
        <Demo label={t('gallery.overlays.drawer')}>
          <Button variant="secondary" onClick={() => setDrawer('right')}>
            {t('gallery.overlays.open_drawer_right')}
          </Button>
          <Button variant="secondary" onClick={() => setDrawer('left')}>
            {t('gallery.overlays.open_drawer_left')}
          </Button>
        </Demo>
      </div>
      <Modal
        open={modal === 'normal'}
        onClose={() => setModal(null)}
        title={t('gallery.overlays.modal_title')}
        onSubmit={submit}
        submitBusy={busy}
      >
        <p>{t('gallery.overlays.modal_body')}</p>
      </Modal>
      <Modal open={modal === 'expanded'} onClose={() => setModal(null)} title={t('gallery.overlays.expanded_title')} expanded>
        <p>{t('gallery.overlays.expanded_body')}</p>
        <div className={styles.longText}>
          {Array.from({ length: 6 }, (_, index) => (
            <p key={index}>{t('gallery.overlays.filler')}</p>
          ))}
        </div>
      </Modal>
      <Modal
        open={modal === 'custom'}
        onClose={() => setModal(null)}
        title={t('gallery.overlays.custom_title')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setModal(null)}>
              {t('gallery.overlays.cancel')}
            </Button>
            <Button variant="danger" onClick={() => setModal(null)}>
              {t('gallery.overlays.confirm_delete')}
            </Button>
          </>
        }
      >
        <p>{t('gallery.overlays.custom_body')}</p>
      </Modal>
      <Drawer
        open={drawer !== null}
        side={drawer ?? 'right'}
        onClose={() => setDrawer(null)}
        title={t('gallery.overlays.drawer_title')}
        footer={<Button onClick={() => setDrawer(null)}>{t('gallery.overlays.understood')}</Button>}
      >
        <ol className={styles.steps}>
          <li>{t('gallery.overlays.step_1')}</li>
          <li>{t('gallery.overlays.step_2')}</li>
          <li>{t('gallery.overlays.step_3')}</li>
        </ol>
      </Drawer>
    </GallerySection>
  );
}

const stores = [
  ['Trendyol', 'Moda Dünyası', 'green'],
  ['Hepsiburada', 'Ev & Yaşam', 'orange'],
  ['N11', 'Teknoloji Merkezi', 'gray'],
  ['Çiçeksepeti', 'Çiçek Bahçesi', 'green'],
  ['Amazon', 'Global Store', 'green'],
  ['Ideasoft', 'Butik Atölye', 'orange'],
  ['Ticimax', 'Spor Market', 'gray'],
] as const;

export function OverflowSection() {
  const { t } = useTranslation('dev');
  const statusKey = { green: 'active', orange: 'out_of_date', gray: 'disabled' } as const;
  return (
    <GallerySection id="overflow-menu" title={t('gallery.overflow.title')} description={t('gallery.overflow.description')}>
      <div className={styles.scrollTable} tabIndex={0} role="region" aria-label={t('gallery.overflow.table_label')}>
        <table className={styles.dataTable}>
          <caption className="visually-hidden">{t('gallery.overflow.table_label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gallery.overflow.marketplace')}</th>
              <th scope="col">{t('gallery.overflow.store')}</th>
              <th scope="col">{t('gallery.overflow.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('gallery.overflow.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {stores.map(([marketplace, store, colour]) => (
              <tr key={marketplace}>
                <td>{marketplace}</td>
                <td>{store}</td>
                <td>
                  <Tag color={colour} dot size="sm">
                    {t(`gallery.tags.${statusKey[colour]}`)}
                  </Tag>
                </td>
                <td className={styles.actionCell}>
                  <OverflowMenu
                    label={t('gallery.overflow.more_for', { name: store })}
                    items={[
                      {
                        label: t('gallery.overflow.edit'),
                        icon: <DocumentIcon />,
                        onSelect: () => toast.info(`${t('gallery.overflow.edit')}: ${store}`),
                      },
                      {
                        label: t('gallery.overflow.disable'),
                        disabled: colour === 'gray',
                        onSelect: () => toast.warning(`${t('gallery.overflow.disable')}: ${store}`),
                      },
                      {
                        label: t('gallery.overflow.remove'),
                        danger: true,
                        onSelect: () => toast.error(`${t('gallery.overflow.remove')}: ${store}`),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </GallerySection>
  );
}

export function ToastSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="toasts" title={t('gallery.toasts.title')} description={t('gallery.toasts.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.toasts.types')}>
          {toastTypes.map((type) => (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              onClick={() => addToast({ type, message: t(`gallery.toasts.message_${type.toLowerCase()}`) })}
            >
              {type}
            </Button>
          ))}
        </Demo>
        <Demo label={t('gallery.toasts.variants')}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              toast.info(t('gallery.toasts.task_done'), {
                titleKey: 'update_successful',
                timeout: 5000,
                action: { text: t('gallery.toasts.go'), onClick: () => toast.success(t('gallery.toasts.went')) },
              })
            }
          >
            {t('gallery.toasts.with_action')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.warning(t('gallery.toasts.persistent_message'), { timeout: 'until-user-dismisses' })}
          >
            {t('gallery.toasts.persistent')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.error(t('gallery.toasts.api_error'), { timeout: 5000, showProgress: true })}
          >
            {t('gallery.toasts.progress')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.info(t('gallery.toasts.not_dismissible'), { dismissible: false, timeout: 3000 })}
          >
            {t('gallery.toasts.no_close')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.success(t('gallery.toasts.custom_title_message'), { title: t('gallery.toasts.custom_title') })}
          >
            {t('gallery.toasts.with_title')}
          </Button>
        </Demo>
        <Demo label={t('gallery.toasts.animations')}>
          {toastAnimations.map((animation) => (
            <Button key={animation} variant="tertiary" size="sm" onClick={() => toast.info(animation, { animation, timeout: 3000 })}>
              {animation}
            </Button>
          ))}
        </Demo>
        <Demo label={t('gallery.toasts.clear')}>
          <Button variant="danger" size="sm" onClick={() => clearToasts()}>
            {t('gallery.toasts.clear_global')}
          </Button>
        </Demo>
        <Demo label={t('gallery.toasts.inline_container')} wide>
          <div className={styles.inlineToasts}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => toast.success(t('gallery.toasts.inline_message'), { container: 'gallery', timeout: 4000, showProgress: true })}
            >
              {t('gallery.toasts.inline_add')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => clearToasts('gallery')}>
              {t('gallery.toasts.inline_clear')}
            </Button>
            <ToastContainer name="gallery" inline label={t('gallery.toasts.demo_region')} />
          </div>
        </Demo>
      </div>
    </GallerySection>
  );
}

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

export function ErrorViewSection() {
  const { t } = useTranslation('dev');
  const sampleError = new Error(t('gallery.error_view.sample_message'));
  return (
    <GallerySection id="error-view" title={t('gallery.error_view.title')} description={t('gallery.error_view.description')}>
      <div className={styles.framed}>
        <ErrorView
          as="section"
          statusText="500 Internal Server Error"
          message={sampleError.message}
          stack={sampleError.stack}
          onBack={() => toast.info(t('gallery.error_view.back_pressed'))}
        />
      </div>
    </GallerySection>
  );
}

export function PreferencesSection() {
  const { t, i18n } = useTranslation('dev');
  const { theme } = useTheme();
  return (
    <GallerySection id="preferences" title={t('gallery.preferences.title')} description={t('gallery.preferences.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.preferences.theme')}>
          <ThemeToggle />
          <span className={styles.output}>{t(`gallery.preferences.theme_${theme}`)}</span>
        </Demo>
        <Demo label={t('gallery.preferences.language')}>
          <LanguageSwitch />
          <span className={styles.output}>{i18n.language}</span>
        </Demo>
        <Demo label={t('gallery.preferences.logo')}>
          <Logo />
          <Logo markOnly />
        </Demo>
        <Demo label={t('gallery.preferences.profile_menu')}>
          <ProfileMenu
            name="Ayşe Yılmaz"
            accountHref="/dev/ui#preferences"
            onSignOut={() => toast.info(t('gallery.preferences.signed_out'))}
          />
        </Demo>
      </div>
    </GallerySection>
  );
}
