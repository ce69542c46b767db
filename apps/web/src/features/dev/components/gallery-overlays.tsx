import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Demo, GallerySection } from './gallery-section.tsx';
import { useOverlayDemo } from './use-overlay-demo.ts';
import styles from './ui-gallery.module.css';

export function OverlaySection() {
  const { t } = useTranslation('dev');
  const { modal, setModal, busy, drawer, setDrawer, submit } = useOverlayDemo();

  return (
    <GallerySection id="overlays" title={t('gallery.overlays.title')} description={t('gallery.overlays.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.overlays.modal')}>
          <Button variant="secondary" onClick={() => setModal('normal')}>
            {t('gallery.overlays.open_modal')}
          </Button>
          <Button variant="secondary" onClick={() => setModal('expanded')}>
            {t('gallery.overlays.open_expanded')}
          </Button>
          <Button variant="secondary" onClick={() => setModal('custom')}>
            {t('gallery.overlays.open_custom')}
          </Button>
        </Demo>
        <Demo label={t('gallery.overlays.drawer')}>
          <Button variant="secondary" onClick={() => setDrawer('right')}>
            {t('gallery.overlays.open_drawer_right')}
          </Button>
          <Button variant="secondary" onClick={() => setDrawer('left')}>
            {t('gallery.overlays.open_drawer_left')}
          </Button>
        </Demo>
      </div>
      <Modal
        open={modal === 'normal'}
        onClose={() => setModal(null)}
        title={t('gallery.overlays.modal_title')}
        onSubmit={submit}
        submitBusy={busy}
      >
        <p>{t('gallery.overlays.modal_body')}</p>
      </Modal>
      <Modal open={modal === 'expanded'} onClose={() => setModal(null)} title={t('gallery.overlays.expanded_title')} expanded>
        <p>{t('gallery.overlays.expanded_body')}</p>
        <div className={styles.longText}>
          {Array.from({ length: 6 }, (_, index) => (
            <p key={index}>{t('gallery.overlays.filler')}</p>
          ))}
        </div>
      </Modal>
      <Modal
        open={modal === 'custom'}
        onClose={() => setModal(null)}
        title={t('gallery.overlays.custom_title')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setModal(null)}>
              {t('gallery.overlays.cancel')}
            </Button>
            <Button variant="danger" onClick={() => setModal(null)}>
              {t('gallery.overlays.confirm_delete')}
            </Button>
          </>
        }
      >
        <p>{t('gallery.overlays.custom_body')}</p>
      </Modal>
      <Drawer
        open={drawer !== null}
        side={drawer ?? 'right'}
        onClose={() => setDrawer(null)}
        title={t('gallery.overlays.drawer_title')}
        footer={<Button onClick={() => setDrawer(null)}>{t('gallery.overlays.understood')}</Button>}
      >
        <ol className={styles.steps}>
          <li>{t('gallery.overlays.step_1')}</li>
          <li>{t('gallery.overlays.step_2')}</li>
          <li>{t('gallery.overlays.step_3')}</li>
        </ol>
      </Drawer>
    </GallerySection>
  );
}
