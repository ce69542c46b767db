import { useTranslation } from '../../../lib/i18n.ts';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import type { StoreStatus } from '../api/application-review.ts';
import type { ReviewStatus } from '../api/review-queue.ts';

const applicationColors: Record<ReviewStatus | 'not_completed', TagColor> = {
  in_progress: 'blue',
  approved: 'green',
  rejected: 'red',
  not_completed: 'gray',
};

export function ApplicationStatusTag({ status, size = 'sm' }: { status: ReviewStatus | 'not_completed'; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={applicationColors[status]} size={size} dot>
      {t(`status.${status}`)}
    </Tag>
  );
}

const storeColors: Record<StoreStatus, TagColor> = { active: 'green', out_of_date: 'orange', disabled: 'gray', deleted: 'red' };

export function StoreStatusTag({ status }: { status: StoreStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={storeColors[status] ?? 'gray'} size="sm" dot>
      {t(`store_status.${status}`)}
    </Tag>
  );
}
