import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './card.module.css';

export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

/**
 * A surface that groups related content. All native div props (including `ref`) pass through.
 * - `title`: optional heading; the card then becomes a `section` named by it.
 * - `headingLevel`: 2 (default) or 3–4, to fit the page outline.
 * - `description`: a muted line under the title.
 * - `actions`: buttons or menus at the right of the header.
 * - `footer`: content under a divider at the bottom.
 * - `padding`: 'none' | 'sm' (16px) | 'md' (24px, default) | 'lg' (32px).
 * - `muted`: a tinted surface for secondary content.
 */
export interface CardProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: CardPadding;
  muted?: boolean;
}

const paddingClass: Record<CardPadding, string | undefined> = {
  none: styles.paddingNone,
  sm: styles.paddingSm,
  md: styles.paddingMd,
  lg: styles.paddingLg,
};

export function Card({
  title,
  headingLevel = 2,
  description,
  actions,
  footer,
  padding = 'md',
  muted = false,
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const hasTitle = title !== undefined && title !== null && title !== '';
  const hasHeader = hasTitle || (actions !== undefined && actions !== null);
  const Heading = `h${headingLevel}` as const;
  const classes = [styles.card, paddingClass[padding], muted && styles.muted, className].filter(Boolean).join(' ');

  const content = (
    <>
      {hasHeader && (
        <div className={styles.header}>
          <div className={styles.heading}>
            {hasTitle && (
              <Heading id={titleId} className={styles.title}>
                {title}
              </Heading>
            )}
            {description !== undefined && description !== null && <p className={styles.description}>{description}</p>}
          </div>
          {actions !== undefined && actions !== null && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children !== undefined && children !== null && <div className={styles.body}>{children}</div>}
      {footer !== undefined && footer !== null && <div className={styles.footer}>{footer}</div>}
    </>
  );

  if (hasTitle) {
    return (
      <section aria-labelledby={titleId} className={classes} {...rest}>
        {content}
      </section>
    );
  }
  return (
    <div className={classes} {...rest}>
      {content}
    </div>
  );
}
