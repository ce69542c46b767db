import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useTheme } from '../../../lib/theme.ts';
import { GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const fontSizes = ['3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl'] as const;
const fontWeights = [
  ['regular', 400],
  ['medium', 500],
  ['bold', 700],
] as const;
const spaces = [0, 2, 4, 8, 12, 16, 20, 24, 32, 40, 48, 56, 64, 80, 96, 120] as const;

const colourGroups: { key: string; tokens: string[] }[] = [
  {
    key: 'surfaces',
    tokens: [
      '--color-base',
      '--color-page',
      '--color-surface',
      '--color-surface-muted',
      '--color-surface-raised',
      '--color-border',
      '--color-border-strong',
    ],
  },
  { key: 'text', tokens: ['--color-text', '--color-text-muted', '--color-text-subtle', '--color-text-inverse'] },
  {
    key: 'brand',
    tokens: [
      '--color-primary',
      '--color-primary-hover',
      '--color-primary-active',
      '--color-primary-soft',
      '--color-primary-soft-strong',
      '--color-on-primary',
      '--color-focus',
    ],
  },
  { key: 'status', tokens: ['--color-success', '--color-warning', '--color-danger', '--color-danger-hover', '--color-info'] },
  {
    key: 'palette',
    tokens: [
      '--purple-50',
      '--purple-100',
      '--purple-200',
      '--purple-400',
      '--purple-500',
      '--purple-600',
      '--purple-700',
      '--purple-800',
      '--green-100',
      '--green-600',
      '--green-700',
      '--red-100',
      '--red-600',
      '--red-700',
      '--orange-100',
      '--orange-600',
      '--orange-700',
      '--blue-100',
      '--blue-600',
      '--blue-700',
      '--yellow-100',
      '--yellow-600',
      '--yellow-700',
      '--gray-0',
      '--gray-50',
      '--gray-100',
      '--gray-200',
      '--gray-300',
      '--gray-500',
      '--gray-600',
      '--gray-700',
      '--gray-800',
      '--gray-900',
      '--gray-950',
    ],
  },
];

function useComputedTokens(tokens: string[]): Record<string, string> {
  const { theme } = useTheme();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    const style = getComputedStyle(document.documentElement);
    setValues(Object.fromEntries(tokens.map((token) => [token, style.getPropertyValue(token).trim()])));
    // The theme is a dependency on purpose: the same token has another value in the other theme.
  }, [tokens, theme]);
  return values;
}

const allColourTokens = colourGroups.flatMap((group) => group.tokens);

export function TypographySection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="typography" title={t('gallery.typography.title')} description={t('gallery.typography.description')}>
      <div className={styles.headingSamples}>
        <h1>{t('gallery.typography.h1')}</h1>
        <h2>{t('gallery.typography.h2')}</h2>
        <h3>{t('gallery.typography.h3')}</h3>
        <h4>{t('gallery.typography.h4')}</h4>
        <p>{t('gallery.typography.body')}</p>
      </div>
      <ul className={styles.typeScale}>
        {fontSizes.map((size) => (
          <li key={size}>
            <code className={styles.tokenName}>--font-size-{size}</code>
            <span style={{ fontSize: `var(--font-size-${size})` }}>{t('gallery.typography.sample')}</span>
          </li>
        ))}
      </ul>
      <ul className={styles.weightList}>
        {fontWeights.map(([name, weight]) => (
          <li key={name} style={{ fontWeight: `var(--font-weight-${name})` }}>
            <code className={styles.tokenName}>--font-weight-{name}</code> {weight} · {t('gallery.typography.weight_sample')}
          </li>
        ))}
      </ul>
    </GallerySection>
  );
}

export function ColourSection() {
  const { t } = useTranslation('dev');
  const values = useComputedTokens(allColourTokens);
  return (
    <GallerySection id="colours" title={t('gallery.colours.title')} description={t('gallery.colours.description')}>
      {colourGroups.map((group) => (
        <div key={group.key} className={styles.colourGroup}>
          <h3 className={styles.subTitle}>{t(`gallery.colours.${group.key}`)}</h3>
          <ul className={styles.swatches}>
            {group.tokens.map((token) => (
              <li key={token} className={styles.swatch}>
                <span className={styles.swatchColour} style={{ background: `var(${token})` }} aria-hidden="true" />
                <code className={styles.tokenName}>{token}</code>
                <span className={styles.tokenValue}>{values[token] ?? ''}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </GallerySection>
  );
}

export function SpacingSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="spacing" title={t('gallery.spacing.title')} description={t('gallery.spacing.description')}>
      <ul className={styles.spaceList}>
        {spaces.map((space) => (
          <li key={space}>
            <code className={styles.tokenName}>--space-{space}</code>
            <span className={styles.spaceBar} style={{ width: `var(--space-${space})` }} aria-hidden="true" />
            <span className={styles.tokenValue}>{space}px</span>
          </li>
        ))}
      </ul>
      <div className={styles.radiusRow}>
        {(['sm', 'md', 'lg', 'button'] as const).map((radius) => (
          <div key={radius} className={styles.radiusSample} style={{ borderRadius: `var(--radius-${radius})` }}>
            <code>--radius-{radius}</code>
          </div>
        ))}
      </div>
    </GallerySection>
  );
}

const gridRows: number[][] = [Array.from({ length: 12 }, () => 1), [6, 6], [4, 4, 4], [3, 3, 3, 3], [8, 4], [12]];

export function GridSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="grid" title={t('gallery.grid.title')} description={t('gallery.grid.description')}>
      <div className={styles.gridDemo}>
        {gridRows.map((row, rowIndex) => (
          <div key={rowIndex} className="grid">
            {row.map((span, index) => (
              <div key={index} className={styles.gridCell} style={{ ['--span' as string]: span }}>
                {span}
              </div>
            ))}
          </div>
        ))}
      </div>
    </GallerySection>
  );
}
