import { useTranslation } from '../../../lib/i18n.ts';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button.tsx';
import { CheckIcon, ChevronRightIcon, ExternalLinkIcon, KebabIcon, UserIcon } from '../../../components/ui/icon.tsx';
import { Demo, GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const buttonVariants: ButtonVariant[] = ['primary', 'secondary', 'tertiary', 'danger', 'ghost', 'eliptic-primary', 'eliptic-ghost'];
const buttonSizes: ButtonSize[] = ['sm', 'md', 'lg'];

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
