import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ToastContainer } from '../../../components/ui/toast/toast-container.tsx';
import { addToast, clearToasts, toast, type ToastAnimation, type ToastType } from '../../../components/ui/toast/toast-store.ts';
import { Demo, GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const toastTypes: ToastType[] = ['Success', 'Error', 'Info', 'Warning'];
const toastAnimations: ToastAnimation[] = ['slide-from-right', 'fade', 'slide-from-left'];

export function ToastSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="toasts" title={t('gallery.toasts.title')} description={t('gallery.toasts.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.toasts.types')}>
          {toastTypes.map((type) => (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              onClick={() => addToast({ type, message: t(`gallery.toasts.message_${type.toLowerCase()}`) })}
            >
              {type}
            </Button>
          ))}
        </Demo>
        <Demo label={t('gallery.toasts.variants')}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              toast.info(t('gallery.toasts.task_done'), {
                titleKey: 'update_successful',
                timeout: 5000,
                action: { text: t('gallery.toasts.go'), onClick: () => toast.success(t('gallery.toasts.went')) },
              })
            }
          >
            {t('gallery.toasts.with_action')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.warning(t('gallery.toasts.persistent_message'), { timeout: 'until-user-dismisses' })}
          >
            {t('gallery.toasts.persistent')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.error(t('gallery.toasts.api_error'), { timeout: 5000, showProgress: true })}
          >
            {t('gallery.toasts.progress')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.info(t('gallery.toasts.not_dismissible'), { dismissible: false, timeout: 3000 })}
          >
            {t('gallery.toasts.no_close')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => toast.success(t('gallery.toasts.custom_title_message'), { title: t('gallery.toasts.custom_title') })}
          >
            {t('gallery.toasts.with_title')}
          </Button>
        </Demo>
        <Demo label={t('gallery.toasts.animations')}>
          {toastAnimations.map((animation) => (
            <Button key={animation} variant="tertiary" size="sm" onClick={() => toast.info(animation, { animation, timeout: 3000 })}>
              {animation}
            </Button>
          ))}
        </Demo>
        <Demo label={t('gallery.toasts.clear')}>
          <Button variant="danger" size="sm" onClick={() => clearToasts()}>
            {t('gallery.toasts.clear_global')}
          </Button>
        </Demo>
        <Demo label={t('gallery.toasts.inline_container')} wide>
          <div className={styles.inlineToasts}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => toast.success(t('gallery.toasts.inline_message'), { container: 'gallery', timeout: 4000, showProgress: true })}
            >
              {t('gallery.toasts.inline_add')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => clearToasts('gallery')}>
              {t('gallery.toasts.inline_clear')}
            </Button>
            <ToastContainer name="gallery" inline label={t('gallery.toasts.demo_region')} />
          </div>
        </Demo>
      </div>
    </GallerySection>
  );
}
