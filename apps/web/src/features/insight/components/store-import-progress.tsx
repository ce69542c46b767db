import { useOverview } from '../api/insight.ts';
import { istanbulToday } from '../period.ts';
import { ImportProgress, isFirstImport } from './import-progress.tsx';

/**
 * One store's first import as WorqInsight's sync table shows it (ImportProgress), for pages outside
 * WorqInsight such as the connections list. The stores' sync lines come from one overview of today,
 * shared by every row and re-read while a store imports; nothing shows once the first import is done.
 */
export function StoreImportProgress({ integrationId }: { integrationId: string }) {
  const today = istanbulToday();
  const { data } = useOverview({ from: today, to: today });
  const entry = data?.sync.find((store) => store.integration_id === integrationId);
  if (!entry || !(entry.import || isFirstImport(entry))) return null;
  return <ImportProgress entry={entry} />;
}
