import styles from './logo.module.css';

/** The WorqTrade mark (same drawing as the favicon), with the word mark unless `markOnly`. */
export function Logo({ markOnly = false, className }: { markOnly?: boolean; className?: string }) {
  return (
    <span className={[styles.logo, className].filter(Boolean).join(' ')}>
      <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className={styles.markTile} />
        <path
          d="M7 10l4 12 5-9 5 9 4-12"
          fill="none"
          className={styles.markStroke}
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {markOnly ? (
        <span className="visually-hidden">WorqTrade</span>
      ) : (
        <span className={styles.word}>
          Worq<span className={styles.wordAccent}>Trade</span>
        </span>
      )}
    </span>
  );
}
