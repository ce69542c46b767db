import { useTranslation } from '../../../lib/i18n.ts';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import type { WarningCode } from '../api/portfolio.ts';

/** A late installment is red; a sign that may turn into one is orange. */
const warningColors: Record<WarningCode, TagColor> = {
  installment_late: 'red',
  store_stale: 'orange',
  sales_below_forecast: 'orange',
  no_orders: 'orange',
  return_rate_doubled: 'yellow',
};

export function WarningTag({ code, cleared = false }: { code: WarningCode; cleared?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={cleared ? 'gray' : warningColors[code]} size="sm" dot>
      {t(`funding.warning.${code}`)}
    </Tag>
  );
}
