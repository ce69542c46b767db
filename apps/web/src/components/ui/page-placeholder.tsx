import { useTranslation } from '../../lib/i18n.ts';

/** Stands in for a screen whose feature has not been built yet. */
export function PagePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby="page-placeholder-title" style={{ padding: 'var(--space-24)' }}>
      <h1 id="page-placeholder-title">{t(titleKey)}</h1>
      <p style={{ color: 'var(--color-text-muted)' }}>{t('placeholder.body')}</p>
    </section>
  );
}
