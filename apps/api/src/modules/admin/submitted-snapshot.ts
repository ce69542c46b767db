/** An application's stores and company as the seller submitted them, completed from the rows of today. */
import type { StoreView } from '@worq/domain/wire/admin';
import { storedSnapshot, type StoredSnapshot, type StoredSnapshotIntegration } from '@worq/domain/wire/application';
import type { CompanyView } from '@worq/domain/wire/company';
import type { Db } from '../../db/client.ts';
import { findCompanyById, latestCompanyOf, toCompanyView } from '../company/public.ts';
import { listIntegrations, type ListedIntegration, toStoreFields } from '../marketplace/public.ts';
import { marketplaceNamesByCode, type ApplicationRow } from './repository.ts';

/*
 * The seller side writes `submitted_snapshot` at completion. It is read through `storedSnapshot`
 * (wire/application.ts), which names only non-secret fields and drops whatever else the row holds,
 * so nothing sensitive can leak through this page; older snapshots (`stores`, `companies`) read the same.
 */
const filled = (value: string | null | undefined): string | null => (value ? value : null);

/** The stored snapshot, or null when there is none or it is no object. */
function readSnapshot(stored: unknown): StoredSnapshot | null {
  if (stored === null || stored === undefined) return null;
  const parsed = storedSnapshot.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Completion needs every submitted store active and up to date, so that is the status a snapshot implies. */
const submittedStatus = (submitted: StoredSnapshotIntegration | null) => (submitted ? (filled(submitted.status) ?? 'active') : null);

function storeFromRow(row: ListedIntegration, submitted: StoredSnapshotIntegration | null): StoreView {
  const { integration } = row;
  return {
    id: integration.id,
    marketplace_code: row.marketplaceCode,
    marketplace_name: row.marketplaceName,
    ...toStoreFields(integration),
    company_id: integration.companyId,
    company_title: row.companyTitle,
    status_at_submission: submittedStatus(submitted),
    status: integration.status,
    is_active: integration.isActive,
    is_updated: integration.isUpdated,
    last_checked_at: integration.lastCheckedAt?.toISOString() ?? null,
  };
}

function storeFromSnapshot(store: StoredSnapshotIntegration, marketplaceNames: Map<string, string>): StoreView {
  const code = filled(store.marketplace_code);
  return {
    id: store.id,
    marketplace_code: code,
    marketplace_name: filled(store.marketplace_name) ?? (code ? (marketplaceNames.get(code) ?? null) : null),
    store_name: filled(store.store_name) ?? '',
    store_link: filled(store.store_link),
    region: filled(store.region),
    seller_id: filled(store.seller_id),
    merchant_id: filled(store.merchant_id),
    connected_at: filled(store.connected_at),
    company_id: filled(store.company_id),
    company_title: filled(store.company_title),
    status_at_submission: submittedStatus(store),
    status: 'deleted',
    is_active: false,
    is_updated: false,
    last_checked_at: null,
  };
}

export async function storesOf(db: Db, application: ApplicationRow): Promise<StoreView[]> {
  const submitted = readSnapshot(application.submittedSnapshot)?.integrations;
  if (!submitted) return (await listIntegrations(db, application.customerId)).map((row) => storeFromRow(row, null));
  const ids = submitted.map((store) => store.id);
  const current = new Map((await listIntegrations(db, application.customerId, { ids })).map((row) => [row.integration.id, row]));
  const names = current.size < submitted.length ? await marketplaceNamesByCode(db) : new Map<string, string>();
  return submitted.map((store) => {
    const row = current.get(store.id);
    return row ? storeFromRow(row, store) : storeFromSnapshot(store, names);
  });
}

export async function companyOf(db: Db, application: ApplicationRow, stores: StoreView[]): Promise<CompanyView | null> {
  const submitted = readSnapshot(application.submittedSnapshot)?.company ?? null;
  const id = filled(submitted?.id) ?? stores.find((store) => store.company_id)?.company_id ?? null;
  const row = id ? await findCompanyById(db, application.customerId, id) : await latestCompanyOf(db, application.customerId);
  const base: CompanyView | null = row ? toCompanyView(row) : null;
  if (!submitted) return base;
  return {
    id: id ?? base?.id ?? '',
    type: submitted.type ?? base?.type ?? 2,
    tax_number: filled(submitted.tax_number) ?? base?.tax_number ?? '',
    official_full_name: filled(submitted.official_full_name) ?? base?.official_full_name ?? '',
    trade_name: filled(submitted.trade_name) ?? base?.trade_name ?? '',
    tax_office: filled(submitted.tax_office) ?? base?.tax_office ?? '',
    national_id: filled(submitted.national_id) ?? base?.national_id ?? null,
    birth_date: filled(submitted.birth_date) ?? base?.birth_date ?? null,
    created_at:
      filled(submitted.created_at) ?? base?.created_at ?? application.submittedAt?.toISOString() ?? application.createdAt.toISOString(),
  };
}
