import { useTranslation } from '../../lib/i18n.ts';
import { useTheme } from '../../lib/theme.ts';
import { MoonIcon, SunIcon } from './icon.tsx';
import styles from './theme-toggle.module.css';

/** Switches between light and dark; a switch whose state is "dark theme on". */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { isDark, toggleTheme } = useTheme();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isDark}
      aria-label={t('theme.dark_mode')}
      title={isDark ? t('theme.switch_to_light') : t('theme.switch_to_dark')}
      className={[styles.toggle, className].filter(Boolean).join(' ')}
      onClick={toggleTheme}
    >
      {isDark ? <SunIcon size={20} /> : <MoonIcon size={20} />}
    </button>
  );
}
