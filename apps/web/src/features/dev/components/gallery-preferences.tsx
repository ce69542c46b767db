import { useTranslation } from '../../../lib/i18n.ts';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/nav/logo.tsx';
import { ProfileMenu } from '../../../components/ui/nav/profile-menu.tsx';
import { ThemeToggle } from '../../../components/ui/theme-toggle.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useTheme } from '../../../lib/theme.ts';
import { Demo, GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

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
