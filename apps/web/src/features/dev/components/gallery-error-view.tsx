import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorView } from '../../../components/ui/error-view.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

export function ErrorViewSection() {
  const { t } = useTranslation('dev');
  const sampleError = new Error(t('gallery.error_view.sample_message'));
  return (
    <GallerySection id="error-view" title={t('gallery.error_view.title')} description={t('gallery.error_view.description')}>
      <div className={styles.framed}>
        <ErrorView
          as="section"
          statusText="500 Internal Server Error"
          message={sampleError.message}
          stack={sampleError.stack}
          onBack={() => toast.info(t('gallery.error_view.back_pressed'))}
        />
      </div>
    </GallerySection>
  );
}
