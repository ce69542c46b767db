import { useTranslation } from '../../../lib/i18n.ts';
import { StoreIcon, SuccessIcon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CityLevelTag, Tag, type CityLevel, type TagColor } from '../../../components/ui/tag.tsx';
import { Demo, GallerySection } from './gallery-section.tsx';
import styles from './ui-gallery.module.css';

const tagColours: TagColor[] = ['green', 'purple', 'red', 'blue', 'orange', 'gray', 'yellow'];
const cityLevels: CityLevel[] = [1, 2, 3, 4, 5];

export function TagSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="tags" title={t('gallery.tags.title')} description={t('gallery.tags.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.tags.colours')}>
          {tagColours.map((colour) => (
            <Tag key={colour} color={colour}>
              {colour}
            </Tag>
          ))}
        </Demo>
        <Demo label={t('gallery.tags.with_dot_small')}>
          {tagColours.map((colour) => (
            <Tag key={colour} color={colour} dot size="sm">
              {colour}
            </Tag>
          ))}
        </Demo>
        <Demo label={t('gallery.tags.statuses')}>
          <Tag color="green" dot>
            {t('gallery.tags.approved')}
          </Tag>
          <Tag color="purple" dot>
            {t('gallery.tags.under_review')}
          </Tag>
          <Tag color="red" dot>
            {t('gallery.tags.rejected')}
          </Tag>
          <Tag color="gray" dot>
            {t('gallery.tags.not_completed')}
          </Tag>
          <Tag color="orange" icon={<StoreIcon />}>
            {t('gallery.tags.out_of_date')}
          </Tag>
          <Tag color="blue" icon={<SuccessIcon />}>
            {t('gallery.tags.active')}
          </Tag>
        </Demo>
        <Demo label={t('gallery.tags.city_levels')}>
          {cityLevels.map((level) => (
            <CityLevelTag key={level} level={level} />
          ))}
        </Demo>
      </div>
    </GallerySection>
  );
}

export function SpinnerSection() {
  const { t } = useTranslation('dev');
  return (
    <GallerySection id="spinner" title={t('gallery.spinner.title')} description={t('gallery.spinner.description')}>
      <div className={styles.demoGrid}>
        <Demo label={t('gallery.spinner.sizes')}>
          <Spinner size="sm" />
          <Spinner size="md" />
          <Spinner size="lg" />
        </Demo>
        <Demo label={t('gallery.spinner.with_label')}>
          <span className={styles.inlineStatus}>
            <Spinner size="sm" label={t('gallery.spinner.saving')} />
            <span aria-hidden="true">{t('gallery.spinner.saving')}</span>
          </span>
        </Demo>
      </div>
    </GallerySection>
  );
}
