import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/**
 * The top of a page: its one `<h1>`, a muted line under it and the page's actions on the right
 * (they wrap under the title when the line is too short).
 * - `title`, `subtitle`: the heading and the line under it.
 * - `actions`: buttons or links, placed as they are.
 * - `align`: 'end' (default) puts the actions level with the subtitle, 'start' level with the title.
 */
export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

export function PageHeader({ title, subtitle, actions, align = 'end', className }: PageHeaderProps) {
  return (
    <header className={[styles.header, className].filter(Boolean).join(' ')} data-align={align}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle !== undefined && subtitle !== null && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
