import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icon.tsx';
import styles from './list-controls.module.css';

export function Pagination({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className={styles.pagination}>
      <Button variant="secondary" size="sm" icon={<ChevronLeftIcon size={16} />} disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <span className={styles.pageInfo} aria-current="page">
        {t('pagination.page', { page: page + 1, pages })}
      </span>
      <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}
