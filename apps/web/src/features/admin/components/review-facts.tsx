import type { ReactNode } from 'react';
import styles from './application-review-page.module.css';

export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
