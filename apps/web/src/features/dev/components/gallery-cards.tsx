import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { OverflowMenu } from '../../../components/ui/overflow-menu.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

export function CardSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="cards" title={t('gallery.cards.title')} description={t('gallery.cards.description')}>
      <div className={styles.cardGrid}>
        <Card>{t('gallery.cards.plain')}</Card>
        <Card
          title={t('gallery.cards.with_title')}
          headingLevel={3}
          description={t('gallery.cards.with_title_description')}
          actions={
            <OverflowMenu
              label={t('gallery.overflow.more_for', { name: t('gallery.cards.with_title') })}
              items={[{ label: t('gallery.overflow.edit'), onSelect: () => toast.info(t('gallery.overflow.edit')) }]}
            />
          }
          footer={
            <Button size="sm" variant="tertiary">
              {t('gallery.cards.action')}
            </Button>
          }
        >
          {t('gallery.cards.body')}
        </Card>
        <Card muted padding="sm" title={t('gallery.cards.muted')} headingLevel={3}>
          {t('gallery.cards.muted_body')}
        </Card>
        <Card padding="lg" title={t('gallery.cards.large')} headingLevel={3}>
          {t('gallery.cards.body')}
        </Card>
        <Card padding="none">
          <div className={styles.cardMedia} aria-hidden="true" />
          <p className={styles.cardMediaText}>{t('gallery.cards.no_padding')}</p>
        </Card>
      </div>
    </GallerySection>
  );
}
