import { isValidElement, type ReactNode } from 'react';

/** A column header with a class of its own (e.g. right-aligned figures). */
export interface TableColumn {
  label: ReactNode;
  className?: string;
}

function isColumn(column: ReactNode | TableColumn): column is TableColumn {
  return typeof column === 'object' && column !== null && !isValidElement(column) && 'label' in column;
}

/**
 * A table's header row: one `<th scope="col">` per column, given as its label or, where the column
 * needs a class, as `{ label, className }`.
 */
export function TableHead({ columns }: { columns: Array<ReactNode | TableColumn> }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { label, className } = isColumn(column) ? column : { label: column, className: undefined };
          return (
            <th key={index} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
