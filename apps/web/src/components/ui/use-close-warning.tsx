import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Modal } from './modal.tsx';

/**
 * Asks before a window with typed data closes (§2, §5): `requestClose` closes at once while the
 * form is clean, otherwise opens "Discard what you entered?" over it; only "Yes, close" calls
 * `onClose`. Give every way of closing (X, Escape, the overlay, "Later", "Cancel") `requestClose`
 * and render `dialog` inside the window.
 */
export function useCloseWarning(isDirty: boolean, onClose: () => void): { requestClose: () => void; dialog: ReactNode } {
  const { t } = useTranslation('feedback');
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => (isDirty ? setAsking(true) : onClose()), [isDirty, onClose]);
  const dialog = (
    <Modal
      open={asking}
      onClose={() => setAsking(false)}
      title={t('close_warning.title')}
      onSubmit={onClose}
      submitLabel={t('close_warning.close')}
      closeLabel={t('close_warning.keep')}
    >
      <p>{t('close_warning.text')}</p>
    </Modal>
  );
  return { requestClose, dialog };
}
