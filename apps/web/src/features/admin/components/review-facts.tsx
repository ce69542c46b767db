import type { ReactNode } from 'react';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import styles from './application-review-page.module.css';

/** The review page's label and value pairs, given as [label, value]. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return <DefinitionList className={styles.facts} items={items.map(([label, value]) => ({ label, value }))} />;
}
