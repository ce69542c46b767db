import type { MessageKey } from '@worq/domain/messages';
import { isHttpUrl, type ChangeStatusBody } from '@worq/domain/wire/marketplace';
import type { Connector, Credentials } from '../../connectors/types.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCompanyById, findCompanyByTaxNumber } from '../company/public.ts';
import { sha256, startIdeasoftUpsert } from './authorization.ts';
import { assertNotRelinked, marketplaceOrFail, ownIntegrationOrFail, requireCredentials, storeHostChanged } from './checks.ts';
import type { MarketplaceContext } from './context.ts';
import { findIntegrationsByIds, useAmazonState } from './repository.ts';
import { enqueueUpsertTask } from './upsert-task.ts';
import type { SetCompanyBody, UpsertBody } from './views.ts';

/* ---------- Starting tasks ---------- */

/** Checks the typed credentials against the connector's field list; secrets may be kept on update. */
function checkedCredentials(connector: Connector, credentials: Credentials, updating: boolean, newHost = false): Credentials {
  const fields: Record<string, { key: MessageKey }> = {};
  const accepted: Credentials = {};
  for (const field of connector.fields) {
    const value = (credentials[field.name] ?? '').trim();
    if (value === '') {
      // On update an empty secret keeps the stored one (the list never shows secrets to retype),
      // unless the store moved to another host: those secrets belong to the old one.
      if (field.required && updating && field.type === 'secret' && newHost) fields[field.name] = { key: 'retype_for_new_address' };
      else if (field.required && !(updating && field.type === 'secret')) fields[field.name] = { key: 'required' };
      continue;
    }
    if (field.type === 'url' && !isHttpUrl(value)) {
      fields[field.name] = { key: 'invalid_format' };
      continue;
    }
    accepted[field.name] = value;
  }
  if (Object.keys(fields).length > 0) throw new AppError(400, 'validation_failed', { fields });
  return accepted;
}

/**
 * Checks the request, then hands the marketplace call to a task: 202 with its request_id at once.
 * Credentials travel in the task row only encrypted. Amazon's `state` is used up here, before the
 * task exists, so a replayed or foreign consent redirect is refused on the spot.
 */
export async function startUpsert(ctx: MarketplaceContext, customerId: string, body: UpsertBody): Promise<string> {
  const marketplace = await marketplaceOrFail(ctx.db, body.marketplace_id);
  if (marketplace.code === 'ideasoft') return startIdeasoftUpsert(ctx, customerId, marketplace, body);
  const existing = body.integration_id ? await ownIntegrationOrFail(ctx.db, customerId, body.integration_id) : undefined;
  if (existing && existing.marketplaceId !== marketplace.id) throw new AppError(404, 'integration_not_found');

  let credentials: Credentials;
  let region = body.region?.trim() || null;
  if (marketplace.code === 'amazon') {
    // The selling partner id is Amazon's word, kept from its redirect (takeAmazonRedirect); a
    // selling_partner_id the client posts is not read.
    requireCredentials(body.credentials, ['spapi_oauth_code', 'state']);
    const code = body.credentials.spapi_oauth_code!.trim();
    const used = await useAmazonState(ctx.db, customerId, sha256(body.credentials.state!.trim()), ctx.now());
    // A code other than the one Amazon's redirect brought with the state is not this authorization.
    if (!used || (used.codeHash !== null && used.codeHash !== sha256(code))) throw new AppError(400, 'amazon_state_invalid');
    region = used.region;
    credentials = { spapi_oauth_code: code, ...(used.sellingPartnerId ? { selling_partner_id: used.sellingPartnerId } : {}) };
  } else {
    const connector = ctx.registry.connector(marketplace.code);
    const newHost = existing ? storeHostChanged(connector, existing, body.credentials) : false;
    credentials = checkedCredentials(connector, body.credentials, Boolean(existing), newHost);
  }

  return enqueueUpsertTask(ctx, customerId, {
    marketplaceId: marketplace.id,
    existing,
    storeName: body.store_name,
    storeLink: body.store_link,
    region,
    credentials,
  });
}

export async function startChangeStatus(ctx: MarketplaceContext, customerId: string, body: ChangeStatusBody): Promise<string> {
  const integration = await ownIntegrationOrFail(ctx.db, customerId, body.integration_id);
  // Spec §4: only the active/disabled switch waits for an active application; removing a store is
  // allowed then (after the web's confirmation), unless the store was submitted with an application.
  if (body.action === 'delete') {
    if (await ctx.isInSubmittedApplication(customerId, integration.id)) throw new AppError(409, 'store_in_submitted_application');
  } else if (await ctx.hasActiveApplication(customerId)) {
    throw new AppError(409, 'active_application_exists');
  }
  return ctx.tasks.enqueue({
    customerId,
    type: body.action === 'delete' ? 'delete_integration' : 'change_integration_status',
    payload: { integration_id: integration.id, action: body.action, store_name: integration.storeName },
  });
}

export async function startSetCompany(ctx: MarketplaceContext, customerId: string, body: SetCompanyBody): Promise<string> {
  const ids = [...new Set(body.integration_ids)];
  const integrations = await findIntegrationsByIds(ctx.db, customerId, ids);
  if (integrations.length !== ids.length) throw new AppError(404, 'integration_not_found');
  let companyId: string | undefined;
  if (body.company_id) {
    const company = await findCompanyById(ctx.db, customerId, body.company_id);
    if (!company) throw new AppError(404, 'company_not_found');
    companyId = company.id;
  } else if (body.company) {
    const existing = await findCompanyByTaxNumber(ctx.db, customerId, body.company.tax_number);
    companyId = existing?.id;
  }
  assertNotRelinked(integrations, companyId);
  return ctx.tasks.enqueue({
    customerId,
    type: 'connect_company',
    payload: { integration_ids: ids, ...(body.company_id ? { company_id: body.company_id } : { company: body.company }) },
  });
}
