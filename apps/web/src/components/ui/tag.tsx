import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import styles from './tag.module.css';

export type TagColor = 'green' | 'purple' | 'red' | 'blue' | 'orange' | 'gray' | 'yellow';
export type CityLevel = 1 | 2 | 3 | 4 | 5;

interface TagLookProps {
  /** A small round dot in the text colour before the label (e.g. a status light). */
  dot?: boolean;
  /** A leading icon (decorative). */
  icon?: ReactNode;
  /** 'sm' (compact, for tables) or 'md' (default). */
  size?: 'sm' | 'md';
}

/**
 * A short status label: tinted background, coloured text (status tags of the spec, both themes).
 * - `color`: 'green' | 'purple' | 'red' | 'blue' | 'orange' | 'gray' (default) | 'yellow'.
 * - `dot`, `icon`, `size`: see above. Other span props pass through.
 */
export interface TagProps extends ComponentPropsWithRef<'span'>, TagLookProps {
  color?: TagColor;
}

const colorClass: Record<TagColor, string | undefined> = {
  green: styles.green,
  purple: styles.purple,
  red: styles.red,
  blue: styles.blue,
  orange: styles.orange,
  gray: styles.gray,
  yellow: styles.yellow,
};

const levelClass: Record<CityLevel, string | undefined> = {
  1: styles.level1,
  2: styles.level2,
  3: styles.level3,
  4: styles.level4,
  5: styles.level5,
};

export function Tag({ color = 'gray', ...props }: TagProps) {
  return <TagShape variantClass={colorClass[color]} data-color={color} {...props} />;
}

/**
 * A city's market level, 1 (largest market, strongest purple) to 5 (lightest).
 * - `level`: 1–5.
 * - children: the label; defaults to "1. seviye" / "Level 1".
 */
export interface CityLevelTagProps extends ComponentPropsWithRef<'span'>, TagLookProps {
  level: CityLevel;
}

export function CityLevelTag({ level, children, ...props }: CityLevelTagProps) {
  const { t } = useTranslation('ui');
  return (
    <TagShape variantClass={levelClass[level]} data-level={level} {...props}>
      {children ?? t('tag.city_level', { level })}
    </TagShape>
  );
}

function TagShape({
  variantClass,
  dot = false,
  icon,
  size = 'md',
  className,
  children,
  ...rest
}: ComponentPropsWithRef<'span'> & TagLookProps & { variantClass: string | undefined }) {
  return (
    <span className={[styles.tag, variantClass, styles[size], className].filter(Boolean).join(' ')} {...rest}>
      {dot && <span className={styles.dot} aria-hidden="true" />}
      {icon !== undefined && icon !== null && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <span className={styles.label}>{children}</span>
    </span>
  );
}
