import type { z } from 'zod';
import type {
  ideasoftAuthorizationBody,
  IntegrationView,
  setCompanyBody,
  StoreFieldsView,
  upsertBody,
} from '@worq/domain/wire/marketplace';
import type { Integration, ListedIntegration } from './repository.ts';

/* ---------- Wire shapes (packages/domain/src/wire/marketplace.ts) ---------- */

/** Request bodies after validation (trimmed; a store link is then an absolute address or null). */
export type UpsertBody = z.output<typeof upsertBody>;
export type IdeasoftAuthorizationBody = z.output<typeof ideasoftAuthorizationBody>;
export type SetCompanyBody = z.output<typeof setCompanyBody>;

export function toStoreFields(
  integration: Pick<Integration, 'storeName' | 'storeLink' | 'region' | 'publicFields' | 'connectedAt'>,
): StoreFieldsView {
  return {
    store_name: integration.storeName,
    store_link: integration.storeLink,
    region: integration.region,
    seller_id: integration.publicFields.seller_id ?? null,
    merchant_id: integration.publicFields.merchant_id ?? null,
    connected_at: integration.connectedAt.toISOString(),
  };
}

export function toIntegrationView(listed: ListedIntegration): IntegrationView {
  const { integration } = listed;
  return {
    id: integration.id,
    marketplace_id: integration.marketplaceId,
    marketplace_code: listed.marketplaceCode,
    ...toStoreFields(integration),
    status: integration.status,
    is_active: integration.isActive,
    is_updated: integration.isUpdated,
    company_id: integration.companyId,
    company_official_name: listed.companyOfficialName,
    company_title: listed.companyTitle,
  };
}
