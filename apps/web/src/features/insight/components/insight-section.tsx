import type { ReactNode } from 'react';
import styles from './insight.module.css';

/** One titled block of the WorqInsight pages; the heading names the section for screen readers. */
export function InsightSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
