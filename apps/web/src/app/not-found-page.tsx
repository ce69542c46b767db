import { useTranslation } from '../lib/i18n.ts';
import { Link } from 'react-router';
import { FeedbackPageLayout, feedbackPageActionClassName } from '../components/ui/error-view.tsx';

export function Component() {
  const { t } = useTranslation('feedback');
  return (
    <FeedbackPageLayout illustration={<LostMapIllustration />} title={t('not_found.title')} text={t('not_found.text')}>
      <Link to="/" className={feedbackPageActionClassName}>
        {t('not_found.home')}
      </Link>
    </FeedbackPageLayout>
  );
}

function LostMapIllustration() {
  return (
    <svg viewBox="0 0 200 120" width="200" height="120" fill="none">
      <path
        d="M20 30l50-14 60 14 50-14v74l-50 14-60-14-50 14z"
        fill="var(--color-primary-soft)"
        stroke="var(--color-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M70 16v74M130 30v74" stroke="var(--color-primary)" strokeWidth="2" strokeDasharray="4 5" />
      <path
        d="M40 78c14-20 34 6 52-10s30 4 44-14"
        stroke="var(--color-text-muted)"
        strokeWidth="2.5"
        strokeDasharray="2 6"
        strokeLinecap="round"
      />
      <text x="150" y="58" fontSize="30" fontWeight="700" fill="var(--color-danger)" fontFamily="var(--font-family)">
        ?
      </text>
      <text x="100" y="112" textAnchor="middle" fontSize="14" fontWeight="700" fill="var(--color-primary)" fontFamily="var(--font-family)">
        404
      </text>
    </svg>
  );
}
