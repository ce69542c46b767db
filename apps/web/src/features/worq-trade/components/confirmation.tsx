import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { SuccessIcon } from '../../../components/ui/icon.tsx';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import styles from './worq-trade.module.css';

/** A finished step's confirmation: what was received and what happens next. */
export function Confirmation({ kind }: { kind: 'form' | 'application' }) {
  const { t } = useTranslation('worq-trade');
  const next = t(`confirmation.${kind}.next`, { returnObjects: true }) as unknown;
  const nextSteps = Array.isArray(next) ? (next as string[]) : [];

  useEffect(() => {
    setHeaderTitle(t('applications.title'), t(`confirmation.${kind}.title`));
  }, [t, kind]);

  return (
    <div className={styles.page}>
      <Card className={styles.confirmation} padding="lg">
        <span className={styles.successIcon} aria-hidden="true">
          <SuccessIcon size={40} />
        </span>
        <h1 className={styles.pageTitle}>{t(`confirmation.${kind}.title`)}</h1>
        <p className={styles.lead}>{t(`confirmation.${kind}.text`)}</p>
        <h2 className={styles.subheading}>{t('confirmation.next_title')}</h2>
        <ol className={styles.nextList}>
          {nextSteps.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <Link to="/worq-trade" className={styles.linkButton}>
          {t('confirmation.to_applications')}
        </Link>
      </Card>
    </div>
  );
}
