/** Lookups and checks shared by the use cases, the authorization URLs and the task handlers. */
import type { MessageKey } from '@worq/domain/messages';
import type { MarketplaceCode } from '../../config.ts';
import { isMarketplaceCode } from '../../connectors/registry.ts';
import type { Connector, Credentials } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findIntegration, findMarketplace, type Integration, type Marketplace } from './repository.ts';

/** The host of an address the seller typed, in one spelling (letter case, trailing dot). */
export const hostOf = (value: string): string => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname.toLowerCase().replace(/\.+$/, '');
  } catch {
    return value.trim().toLowerCase();
  }
};

/** 400 validation_failed naming each of the credentials `names` that the seller left empty. */
export function requireCredentials(credentials: Credentials, names: string[]): void {
  const fields: Record<string, { key: MessageKey }> = {};
  for (const name of names) {
    if (!(credentials[name] ?? '').trim()) fields[name] = { key: 'required' };
  }
  if (Object.keys(fields).length > 0) throw new AppError(400, 'validation_failed', { fields });
}

export async function marketplaceOrFail(db: Db, id: string): Promise<Marketplace & { code: MarketplaceCode }> {
  const marketplace = await findMarketplace(db, id);
  if (!marketplace || !marketplace.isEnabled || !isMarketplaceCode(marketplace.code)) throw new AppError(404, 'marketplace_not_found');
  return marketplace as Marketplace & { code: MarketplaceCode };
}

export async function ownIntegrationOrFail(db: Db, customerId: string, id: string): Promise<Integration> {
  // Another customer's id gets the same answer as an unknown one: nothing about it leaks.
  const integration = await findIntegration(db, customerId, id);
  if (!integration) throw new AppError(404, 'integration_not_found');
  return integration;
}

/**
 * True when an update points the connection at another store host (Ideasoft's store_url, Ticimax's
 * store_domain): the stored secrets were entered for the old host and must never be sent to the new one.
 */
export function storeHostChanged(connector: Connector, existing: Integration, typed: Credentials): boolean {
  return connector.fields.some((field) => {
    const stored = existing.publicFields[field.name];
    const given = (typed[field.name] ?? '').trim();
    return field.type === 'url' && stored !== undefined && given !== '' && hostOf(given) !== hostOf(stored);
  });
}

/** A company is set once per integration; changing it goes through the support team. */
export function assertNotRelinked(integrations: Integration[], companyId: string | undefined): void {
  if (integrations.some((integration) => integration.companyId !== null && integration.companyId !== companyId)) {
    throw new AppError(409, 'company_locked');
  }
}
