import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { Confirmation } from './use-connections-page.ts';

interface ConfirmStatusModalProps {
  confirmation: Confirmation;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (confirmation: NonNullable<Confirmation>) => void;
}

/** Asks before a store is disabled or removed. */
export function ConfirmStatusModal({ confirmation, pending, onCancel, onConfirm }: ConfirmStatusModalProps) {
  const { t } = useTranslation('connections');
  const confirmStore = confirmation?.integration.store_name ?? '';
  const confirmingDisable = confirmation?.action === 'disable';
  return (
    <Modal
      open={confirmation !== null}
      onClose={onCancel}
      title={confirmingDisable ? t('confirm.disable_title') : t('confirm.remove_title')}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
          <Button variant="danger" busy={pending} onClick={() => confirmation && onConfirm(confirmation)}>
            {confirmingDisable ? t('confirm.disable_submit') : t('confirm.remove_submit')}
          </Button>
        </>
      }
    >
      <p>{confirmingDisable ? t('confirm.disable_text', { store: confirmStore }) : t('confirm.remove_text', { store: confirmStore })}</p>
    </Modal>
  );
}
