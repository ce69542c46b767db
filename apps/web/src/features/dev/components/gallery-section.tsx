import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import styles from './ui-gallery.module.css';

/** One section of the gallery, reachable by its anchor (#id). */
export function GallerySection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('dev');
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        <a href={`#${id}`} className={styles.anchor} aria-label={t('gallery.anchor_link', { section: title })}>
          #
        </a>
      </div>
      {description && <p className={styles.sectionDescription}>{description}</p>}
      {children}
    </section>
  );
}

/** A labelled example inside a section. */
export function Demo({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={[styles.demo, wide && styles.demoWide].filter(Boolean).join(' ')}>
      <figcaption className={styles.demoLabel}>{label}</figcaption>
      <div className={styles.demoBody}>{children}</div>
    </figure>
  );
}
