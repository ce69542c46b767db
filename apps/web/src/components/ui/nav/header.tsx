import { useLocation } from 'react-router';
import { LanguageSwitch } from '../language-switch.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import { useHeaderTitle } from './header-title.ts';
import { ProfileMenu, type ProfileMenuProps } from './profile-menu.tsx';
import styles from './header.module.css';

export interface HeaderProps {
  /** Shown when no screen has set a title for the current page. */
  fallbackTitle?: string;
  profile: ProfileMenuProps;
}

/** The title row above signed-in screens, shared by wide and narrow screens. */
export function HeaderTitle({ fallbackTitle, className }: { fallbackTitle?: string; className?: string }) {
  const { pathname } = useLocation();
  const set = useHeaderTitle(pathname);
  const title = set?.title ?? fallbackTitle;
  if (!title) return null;
  return (
    <p className={[styles.title, className].filter(Boolean).join(' ')} data-testid="header-title">
      {set?.parentTitle && (
        <>
          <span className={styles.parent}>{set.parentTitle}</span>
          <span className={styles.separator} aria-hidden="true">
            /
          </span>
        </>
      )}
      <span className={styles.current}>{title}</span>
    </p>
  );
}

/** Signed-in header of wide screens: title, language, theme and the profile menu. */
export function Header({ fallbackTitle, profile }: HeaderProps) {
  return (
    <header className={styles.header}>
      <HeaderTitle fallbackTitle={fallbackTitle} />
      <div className={styles.actions}>
        <LanguageSwitch />
        <ThemeToggle />
        <ProfileMenu {...profile} />
      </div>
    </header>
  );
}
