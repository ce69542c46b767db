import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../icon.tsx';
import styles from './profile-menu.module.css';

export interface ProfileMenuProps {
  /** Shown on the trigger and used for the initials. */
  name?: string | null;
  /** /profile/{customer_id}/info; without it the account item is unavailable. */
  accountHref?: string | null;
  onSignOut: () => void;
  /** Show only the avatar (narrow screens). */
  compact?: boolean;
}

function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase('tr'))
    .join('');
}

/** The header's account menu: my account and sign out (specification §2). */
export function ProfileMenu({ name, accountHref, onSignOut, compact = false }: ProfileMenuProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const short = initials(name);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={[styles.trigger, compact && styles.compact].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The visible name first (WCAG 2.5.3, label in name), then what the button opens.
        aria-label={!compact && name ? `${name} – ${t('profile_menu.label')}` : t('profile_menu.label')}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {/* The initials are drawn by CSS (data-initials), so the button's text is only the name
            its accessible name starts with (WCAG 2.5.3). */}
        <span className={styles.avatar} data-initials={short || undefined} aria-hidden="true">
          {!short && <UserIcon size={18} />}
        </span>
        {!compact && name && <span className={styles.name}>{name}</span>}
        {!compact && <ChevronDownIcon size={16} className={styles.chevron} />}
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} role="menu" aria-label={t('profile_menu.label')} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {name && (
            <li role="none" className={styles.who}>
              {name}
            </li>
          )}
          <li role="none">
            {accountHref ? (
              <Link role="menuitem" tabIndex={-1} to={accountHref} className={styles.item} onClick={() => setOpen(false)}>
                <UserIcon size={18} />
                {t('profile_menu.my_account')}
              </Link>
            ) : (
              <span role="menuitem" tabIndex={-1} aria-disabled="true" className={[styles.item, styles.disabled].join(' ')}>
                <UserIcon size={18} />
                {t('profile_menu.my_account')}
              </span>
            )}
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={[styles.item, styles.danger].join(' ')}
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              <LogoutIcon size={18} />
              {t('profile_menu.sign_out')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
