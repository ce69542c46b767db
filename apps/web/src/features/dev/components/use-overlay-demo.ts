import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';

/** Which demo modal or drawer is open, and a pretend submit that takes a moment. */
export function useOverlayDemo() {
  const { t } = useTranslation('dev');
  const [modal, setModal] = useState<'normal' | 'expanded' | 'custom' | null>(null);
  const [busy, setBusy] = useState(false);
  const [drawer, setDrawer] = useState<'left' | 'right' | null>(null);

  function submit() {
    setBusy(true);
    window.setTimeout(() => {
      setBusy(false);
      setModal(null);
      toast.success(t('gallery.overlays.sent'));
    }, 1200);
  }

  return { modal, setModal, busy, drawer, setDrawer, submit };
}
