import type { ComponentType } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import * as icons from '../../../components/ui/icon.tsx';
import type { IconProps } from '../../../components/ui/icon.tsx';
import {
  ButtonSection,
  CardSection,
  ErrorViewSection,
  FormSection,
  OverflowSection,
  OverlaySection,
  PreferencesSection,
  SpinnerSection,
  TagSection,
  ToastSection,
} from './gallery-components.tsx';
import { ColourSection, GridSection, SpacingSection, TypographySection } from './gallery-foundations.tsx';
import { GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const iconEntries = (Object.entries(icons) as [string, unknown][]).filter(
  (entry): entry is [string, ComponentType<IconProps>] => entry[0].endsWith('Icon') && typeof entry[1] === 'function',
);

function IconSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="icons" title={t('gallery.icons.title')} description={t('gallery.icons.description')}>
      <ul className={styles.iconGrid}>
        {iconEntries.map(([name, Icon]) => (
          <li key={name}>
            <Icon size={24} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </GallerySection>
  );
}

const sections = [
  ['typography', TypographySection],
  ['colours', ColourSection],
  ['spacing', SpacingSection],
  ['grid', GridSection],
  ['buttons', ButtonSection],
  ['cards', CardSection],
  ['tags', TagSection],
  ['spinner', SpinnerSection],
  ['icons', IconSection],
  ['overlays', OverlaySection],
  ['overflow-menu', OverflowSection],
  ['toasts', ToastSection],
  ['forms', FormSection],
  ['error-view', ErrorViewSection],
  ['preferences', PreferencesSection],
] as const;

const sectionTitleKey: Record<(typeof sections)[number][0], string> = {
  typography: 'gallery.typography.title',
  colours: 'gallery.colours.title',
  spacing: 'gallery.spacing.title',
  grid: 'gallery.grid.title',
  buttons: 'gallery.buttons.title',
  cards: 'gallery.cards.title',
  tags: 'gallery.tags.title',
  spinner: 'gallery.spinner.title',
  icons: 'gallery.icons.title',
  overlays: 'gallery.overlays.title',
  'overflow-menu': 'gallery.overflow.title',
  toasts: 'gallery.toasts.title',
  forms: 'gallery.forms.title',
  'error-view': 'gallery.error_view.title',
  preferences: 'gallery.preferences.title',
};

/** Development only: every design-system piece in every state, in both themes and languages. */
export function Component() {
  const { t } = useTranslation('dev');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>{t('gallery.title')}</h1>
        <p className={styles.lead}>{t('gallery.lead')}</p>
      </header>
      <div className={styles.columns}>
        <nav className={styles.toc} aria-label={t('gallery.toc')}>
          <ul>
            {sections.map(([id]) => (
              <li key={id}>
                <a href={`#${id}`}>{t(sectionTitleKey[id])}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          {sections.map(([id, Section]) => (
            <Section key={id} />
          ))}
        </div>
      </div>
    </div>
  );
}
