import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { useApplicationWarnings, type Warning } from '../api/portfolio.ts';
import { evidenceLines } from './warning-evidence.ts';
import { WarningTag } from './warning-tag.tsx';
import styles from './warnings-section.module.css';

function WarningItem({ warning }: { warning: Warning }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const cleared = warning.cleared_at !== null;
  const lines = evidenceLines(warning, t, language);
  return (
    <li className={cleared ? `${styles.warning} ${styles.cleared}` : styles.warning}>
      <div className={styles.top}>
        <WarningTag code={warning.code} cleared={cleared} />
        {cleared ? (
          <Tag color="gray" size="sm">
            {t('funding.cleared_on', { date: formatDateTime(warning.cleared_at, language) })}
          </Tag>
        ) : (
          <Tag color="red" size="sm">
            {t('funding.open')}
          </Tag>
        )}
      </div>
      <p className={styles.raised}>{t('funding.raised_on', { date: formatDateTime(warning.raised_at, language) })}</p>
      {lines.length > 0 && (
        <ul className={styles.evidence} aria-label={t('funding.evidence_label')}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The early warnings the funding watch raised on an approved application, open ones first (issue 36). */
export function WarningsSection({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('admin');
  const { data, error, isLoading, mutate } = useApplicationWarnings(applicationId);
  // Open first, the server's order kept within each group (it sends the newest first).
  const warnings = data
    ? [...data.filter((warning) => warning.cleared_at === null), ...data.filter((warning) => warning.cleared_at !== null)]
    : [];
  const open = warnings.filter((warning) => warning.cleared_at === null).length;

  let body;
  if (!data && (isLoading || !error)) {
    body = (
      <div className={styles.loading}>
        <Spinner size="md" />
      </div>
    );
  } else if (!data) {
    body = (
      <div className={styles.problem} role="alert">
        <p>{t('funding.load_failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void mutate()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (warnings.length === 0) {
    body = <p className={styles.none}>{t('funding.none')}</p>;
  } else {
    body = (
      <ul className={styles.list}>
        {warnings.map((warning) => (
          <WarningItem key={warning.id} warning={warning} />
        ))}
      </ul>
    );
  }

  return (
    <Card title={t('funding.title')} description={data ? t('funding.open_count', { count: open }) : undefined}>
      {body}
    </Card>
  );
}
