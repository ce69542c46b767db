/*
 * Publishing a new version of one legal text (issue 16, line 10): Turkish and English side by side,
 * started from the current version, previewed as sellers will see it and confirmed before it goes
 * out, since sellers who accepted the older version are asked again at their next sign-in.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { showFieldErrorsOrNotify } from '../../../lib/api-error.ts';
import { publishLegalText, type LegalTextVersion } from '../api/legal-texts.ts';
import { LegalTextPreview } from './legal-text-preview.tsx';
import styles from './legal-texts-page.module.css';
import { languages, type Language } from '@worq/domain/language';

type Draft = Record<Language, { title: string; content: string; change_note: string }>;

function draftOf(base: LegalTextVersion): Draft {
  return {
    tr: { title: base.tr.title, content: base.tr.content, change_note: '' },
    en: { title: base.en.title, content: base.en.content, change_note: '' },
  };
}

function LanguageFields({
  language,
  draft,
  errors,
  onChange,
}: {
  language: Language;
  draft: Draft[Language];
  errors: Record<string, string>;
  onChange: (field: keyof Draft[Language], value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const contentId = useId();
  const contentError = errors[`${language}.content`];
  return (
    <fieldset className={styles.language}>
      <legend>{t(`legal_texts.languages.${language}`)}</legend>
      <TextField
        label={t('legal_texts.field_title')}
        value={draft.title}
        error={errors[`${language}.title`]}
        requiredMark
        onChange={(event) => onChange('title', event.target.value)}
      />
      <label htmlFor={contentId} className={styles.label}>
        {t('legal_texts.field_content')}
      </label>
      <textarea
        id={contentId}
        rows={14}
        spellCheck
        lang={language}
        className={[styles.textarea, contentError && styles.invalid].filter(Boolean).join(' ')}
        value={draft.content}
        aria-invalid={contentError ? true : undefined}
        aria-describedby={contentError ? `${contentId}-error` : undefined}
        onChange={(event) => onChange('content', event.target.value)}
      />
      <FieldError id={`${contentId}-error`} message={contentError} />
      <TextField
        label={t('legal_texts.field_change_note')}
        hint={t('legal_texts.change_note_hint')}
        value={draft.change_note}
        maxLength={500}
        error={errors[`${language}.change_note`]}
        onChange={(event) => onChange('change_note', event.target.value)}
      />
    </fieldset>
  );
}

export function LegalTextEditor({
  base,
  onPublished,
  onCancel,
}: {
  base: LegalTextVersion;
  onPublished: (version: LegalTextVersion) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const [draft, setDraft] = useState<Draft>(() => draftOf(base));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(base));
  const leaveDialog = useLeaveWarning(dirty && !busy);
  const title = i18n.language.startsWith('en') ? base.en.title : base.tr.title;

  function change(language: Language, field: keyof Draft[Language], value: string) {
    setDraft((current) => ({ ...current, [language]: { ...current[language], [field]: value } }));
    setErrors(({ [`${language}.${field}`]: _cleared, ...rest }) => rest);
  }

  function review(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const language of languages) {
      if (draft[language].title.trim().length < 3) missing[`${language}.title`] = t('legal_texts.title_required');
      if (!draft[language].content.trim()) missing[`${language}.content`] = t('legal_texts.content_required');
    }
    setErrors(missing);
    if (Object.keys(missing).length === 0) setConfirming(true);
  }

  async function publish() {
    setBusy(true);
    try {
      const note = (language: Language) => (draft[language].change_note.trim() ? { change_note: draft[language].change_note.trim() } : {});
      const published = await publishLegalText({
        term_type: base.term_type,
        tr: { title: draft.tr.title.trim(), content: draft.tr.content, ...note('tr') },
        en: { title: draft.en.title.trim(), content: draft.en.content, ...note('en') },
      });
      setConfirming(false);
      onPublished(published);
    } catch (error) {
      setConfirming(false);
      showFieldErrorsOrNotify(error, setErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.editor} onSubmit={review} noValidate aria-label={t('legal_texts.editor_label', { title })}>
      <div className={styles.languages}>
        {languages.map((language) => (
          <LanguageFields
            key={language}
            language={language}
            draft={draft[language]}
            errors={errors}
            onChange={(field, value) => change(language, field, value)}
          />
        ))}
      </div>
      <p className={styles.hint}>
        {t('legal_texts.markup_hint', { controller: '{{controller}}', controller_contact: '{{controller_contact}}' })}
      </p>
      {previewing && (
        <div className={styles.languages}>
          {languages.map((language) => (
            <LegalTextPreview
              key={language}
              html={draft[language].content}
              label={t('legal_texts.preview_of', { language: t(`legal_texts.languages.${language}`) })}
            />
          ))}
        </div>
      )}
      <div className={styles.editorActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('legal_texts.cancel')}
        </Button>
        <Button variant="secondary" aria-pressed={previewing} onClick={() => setPreviewing((shown) => !shown)}>
          {previewing ? t('legal_texts.hide_preview') : t('legal_texts.preview')}
        </Button>
        <Button type="submit" variant="primary">
          {t('legal_texts.publish')}
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('legal_texts.confirm_title', { title, version: base.version + 1 })}
        onSubmit={() => void publish()}
        submitLabel={t('legal_texts.confirm_publish')}
        submitBusy={busy}
        closeLabel={t('legal_texts.cancel')}
      >
        <p>{t(base.term_type === 'more_info' ? 'legal_texts.confirm_body_info' : 'legal_texts.confirm_body', { version: base.version })}</p>
      </Modal>
      {leaveDialog}
    </form>
  );
}
