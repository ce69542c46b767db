import { Link, Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { Logo } from '../../components/ui/nav/logo.tsx';
import { PreferenceSwitches } from '../../components/ui/preference-switches.tsx';
import styles from './public-layout.module.css';

/** Growing bars, a trend line and stock boxes: revenue-based stock financing in one picture. */
function FinancingIllustration() {
  return (
    <svg className={styles.illustration} viewBox="0 0 420 300" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="pl-card" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.08" />
        </linearGradient>
        <linearGradient id="pl-bar" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.55" />
        </linearGradient>
      </defs>
      {/* dashboard card */}
      <rect x="20" y="30" width="290" height="210" rx="18" fill="url(#pl-card)" stroke="#ffffff" strokeOpacity="0.35" />
      <rect x="44" y="54" width="90" height="10" rx="5" fill="#ffffff" fillOpacity="0.7" />
      <rect x="44" y="72" width="56" height="8" rx="4" fill="#ffffff" fillOpacity="0.4" />
      <g fill="url(#pl-bar)">
        <rect x="52" y="180" width="26" height="40" rx="6" />
        <rect x="94" y="160" width="26" height="60" rx="6" />
        <rect x="136" y="168" width="26" height="52" rx="6" />
        <rect x="178" y="138" width="26" height="82" rx="6" />
        <rect x="220" y="116" width="26" height="104" rx="6" />
        <rect x="262" y="92" width="26" height="128" rx="6" />
      </g>
      <path
        d="M58 160 L104 140 L148 146 L190 116 L232 96 L276 70"
        fill="none"
        stroke="#ffe27a"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M262 64 L280 66 L276 84" fill="none" stroke="#ffe27a" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      {/* stock boxes */}
      <g transform="translate(300 150)">
        <path d="M0 40 L45 18 L90 40 L45 62 Z" fill="#ffffff" fillOpacity="0.95" />
        <path d="M0 40 L45 62 L45 112 L0 90 Z" fill="#ffffff" fillOpacity="0.7" />
        <path d="M90 40 L45 62 L45 112 L90 90 Z" fill="#ffffff" fillOpacity="0.5" />
        <path d="M22 29 L67 51" stroke="#6d3fd9" strokeOpacity="0.35" strokeWidth="6" />
      </g>
      <g transform="translate(330 110)">
        <path d="M0 22 L30 8 L60 22 L30 36 Z" fill="#ffffff" fillOpacity="0.9" />
        <path d="M0 22 L30 36 L30 68 L0 54 Z" fill="#ffffff" fillOpacity="0.65" />
        <path d="M60 22 L30 36 L30 68 L60 54 Z" fill="#ffffff" fillOpacity="0.45" />
      </g>
      {/* coin */}
      <g transform="translate(356 52)">
        <circle r="26" fill="#ffe27a" />
        <circle r="18" fill="none" stroke="#a27a00" strokeOpacity="0.5" strokeWidth="3" />
        <text y="7" textAnchor="middle" fontSize="20" fontWeight="700" fill="#7d5e00" fontFamily="Roboto, sans-serif">
          ₺
        </text>
      </g>
    </svg>
  );
}

/** Public screens (login, password reset, phone verification): the form beside a brand panel. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.layout}>
      <div className={styles.formSide}>
        <header className={styles.topRow}>
          <Link to="/" className={styles.home} aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <PreferenceSwitches className={styles.switches} />
        </header>
        <main id="main-content" className={styles.formArea}>
          <div className={styles.formInner}>
            <Outlet />
          </div>
        </main>
        <footer className={styles.footer}>
          <small>{t('public.copyright', { year: new Date().getFullYear() })}</small>
        </footer>
      </div>
      <aside className={styles.brandPanel} aria-label={t('public.panel_label')}>
        <div className={styles.brandInner}>
          <FinancingIllustration />
          <p className={styles.eyebrow}>{t('public.eyebrow')}</p>
          <h2 className={styles.headline}>{t('public.headline')}</h2>
          <p className={styles.lead}>{t('public.lead')}</p>
          <ul className={styles.points}>
            <li>{t('public.point_connect')}</li>
            <li>{t('public.point_plan')}</li>
            <li>{t('public.point_review')}</li>
          </ul>
        </div>
      </aside>
    </div>
  );
}
