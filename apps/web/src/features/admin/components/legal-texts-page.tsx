/*
 * /admin/legal-texts: the four legal texts with their current version and history; an expert
 * publishes a new version in both languages (legal-text-editor.tsx).
 */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { legalTextTypes, useLegalTexts, type LegalTextType, type LegalTextVersion } from '../api/legal-texts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { LegalTextEditor } from './legal-text-editor.tsx';
import { LegalTextPreview } from './legal-text-preview.tsx';
import styles from './legal-texts-page.module.css';

function useInLanguage() {
  const { i18n } = useTranslation('admin');
  const english = i18n.language.startsWith('en');
  return (version: LegalTextVersion) => (english ? version.en : version.tr);
}

function Published({ version }: { version: LegalTextVersion }) {
  const { t, i18n } = useTranslation('admin');
  const by = version.published_by ? version.published_by.name || version.published_by.email : t('legal_texts.shipped');
  return (
    <span className={styles.meta}>
      {t('legal_texts.version', { version: version.version })} ·{' '}
      <time dateTime={version.published_at}>{formatDateTime(version.published_at, i18n.language)}</time> · {by}
    </span>
  );
}

function History({ versions, onView }: { versions: LegalTextVersion[]; onView: (version: LegalTextVersion) => void }) {
  const { t } = useTranslation('admin');
  const inLanguage = useInLanguage();
  return (
    <details className={styles.history}>
      <summary>{t('legal_texts.history', { count: versions.length })}</summary>
      <ol className={styles.historyList}>
        {versions.map((version) => (
          <li key={version.version} className={styles.historyItem}>
            <div>
              <Published version={version} />
              {inLanguage(version).change_note && <p className={styles.note}>{inLanguage(version).change_note}</p>}
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onView(version)}
              aria-label={t('legal_texts.view_version', { version: version.version })}
            >
              {t('legal_texts.view')}
            </Button>
          </li>
        ))}
      </ol>
    </details>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const inLanguage = useInLanguage();
  const { data, error, isLoading, mutate } = useLegalTexts();
  const [editing, setEditing] = useState<LegalTextType | null>(null);
  const [viewing, setViewing] = useState<LegalTextVersion | null>(null);

  function published(version: LegalTextVersion) {
    setEditing(null);
    toast.success(t('legal_texts.published_toast', { title: inLanguage(version).title, version: version.version }), {
      timeout: 6000,
      dismissible: true,
      showProgress: true,
    });
    void mutate();
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('legal_texts.title')} subtitle={t('legal_texts.subtitle')} />
      {isLoading && <LoadingState size="lg" />}
      {error && !data && (
        <LoadFailed text={t('legal_texts.load_failed')} retryLabel={t('legal_texts.retry')} onRetry={() => void mutate()} />
      )}
      {data &&
        legalTextTypes.map((type) => {
          const versions = data.filter((version) => version.term_type === type);
          const current = versions[0];
          if (!current) return null;
          return (
            <Card key={type} title={inLanguage(current).title} description={<Published version={current} />} className={styles.card}>
              {editing === type ? (
                <LegalTextEditor base={current} onPublished={published} onCancel={() => setEditing(null)} />
              ) : (
                <div className={styles.cardActions}>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(type)}>
                    {t('legal_texts.new_version')}
                  </Button>
                </div>
              )}
              <History versions={versions} onView={setViewing} />
            </Card>
          );
        })}
      <Modal
        open={viewing !== null}
        onClose={() => setViewing(null)}
        expanded
        title={viewing ? `${inLanguage(viewing).title} · ${t('legal_texts.version', { version: viewing.version })}` : ''}
      >
        {viewing && <LegalTextPreview html={inLanguage(viewing).content} label={inLanguage(viewing).title} />}
      </Modal>
    </div>
  );
}
