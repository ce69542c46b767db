import type { ReactNode } from 'react';

/**
 * One label and value pair of a DefinitionList.
 * - `className`: on the pair's wrapper (e.g. one that spans the whole row).
 * - `valueClassName`: on its <dd>.
 */
export interface Definition {
  label: ReactNode;
  value: ReactNode;
  className?: string;
  valueClassName?: string;
}

/**
 * Label and value pairs as a <dl>, each pair in a <div> that the caller's class lays out. An entry
 * given as `false` is left out (a pair shown only in some cases).
 */
export function DefinitionList({ items, className }: { items: Array<Definition | false>; className?: string }) {
  return (
    <dl className={className}>
      {items.map(
        (item, index) =>
          item && (
            <div key={index} className={item.className}>
              <dt>{item.label}</dt>
              <dd className={item.valueClassName}>{item.value}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
