import { changeLanguage, supportedLanguages, useTranslation } from '../../lib/i18n.ts';
import styles from './language-switch.module.css';

/** Turkish / English; the choice is stored and survives reloads. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language;
  return (
    <div role="group" aria-label={t('language.label')} className={[styles.group, className].filter(Boolean).join(' ')}>
      {supportedLanguages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          // The visible code first, then the language's name (WCAG 2.5.3: a voice user says "TR").
          aria-label={`${language.toUpperCase()} – ${t(`language.${language}`)}`}
          className={styles.option}
          onClick={() => {
            if (current !== language) void changeLanguage(language);
          }}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
