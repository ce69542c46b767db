import { useState } from 'react';
import type { StoreSync } from '@worq/domain/wire/insight';
import { syncStore } from '../api/insight.ts';
import { trackSync } from '../track-sync.ts';

/** The sync table's "sync now": the store being started, and the call that starts it. */
export function useSyncNow(onSynced: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const syncNow = async (entry: StoreSync) => {
    setBusy(entry.integration_id);
    try {
      const { request_id } = await syncStore(entry.integration_id);
      trackSync(request_id, () => onSynced());
      onSynced();
    } catch {
      // The HTTP client has shown the server's message as a toast.
    } finally {
      setBusy(null);
    }
  };
  return { busy, syncNow };
}
