import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isMessageKey, type MessageKey } from '@worq/domain/messages';
import { companyInput } from '@worq/domain/wire/company';
import {
  isHttpUrl,
  type AuthorizationUrl,
  type ChangeStatusBody,
  type CompanyWithIntegrations,
  type ideasoftAuthorizationBody,
  type IntegrationView,
  type MarketplaceView,
  type setCompanyBody,
  type StoreFieldsView,
  type upsertBody,
} from '@worq/domain/wire/marketplace';
import type { AmazonRegion, Config, MarketplaceCode } from '../../config.ts';
import { isMarketplaceCode, marketplaceRegions, type ConnectorRegistry } from '../../connectors/registry.ts';
import { publicStoreOrigin } from '../../connectors/ideasoft.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials, type VerifyResult } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Secrets } from '../../plugins/secrets.ts';
import type { HandlerOutcome, RunningTask, Tasks } from '../tasks/types.ts';
import { findCompaniesByIds, findCompanyById, findCompanyByTaxNumber } from '../company/repository.ts';
import { toCompanyView, upsertCompany } from '../company/service.ts';
import {
  claimIntegrationsDueForCheck,
  deleteIntegration,
  deleteStaleAmazonStates,
  deleteStaleOauthStates,
  findIntegration,
  findIntegrationsByIds,
  findMarketplace,
  insertAmazonState,
  insertIntegration,
  insertOauthState,
  integrationsOnMarketplace,
  linkCompany,
  listIntegrations,
  listMarketplaces,
  updateIntegration,
  updateIntegrationSecrets,
  useAmazonState,
  useOauthState,
  type Integration,
  type IntegrationStatus,
  type ListedIntegration,
  type Marketplace,
} from './repository.ts';

/** What the marketplace services need from the app; built once by the route module. */
export interface MarketplaceContext {
  db: Db;
  config: Pick<Config, 'amazon' | 'connectionHealthIntervalMinutes'>;
  registry: ConnectorRegistry;
  tasks: Tasks;
  secrets: Secrets;
  /**
   * Whether the customer has an application that is not_completed, not left and not cancelled
   * (ARCHITECTURE.md §4): status changes are refused meanwhile.
   */
  hasActiveApplication(customerId: string): Promise<boolean>;
  /** Called after a connect or update task saved a working store (the order sync starts there). */
  onStoreConnected?(customerId: string, integrationId: string): Promise<void>;
  /** Whether the store is part of a submitted (under review or approved) application: it cannot be removed. */
  isInSubmittedApplication(customerId: string, integrationId: string): Promise<boolean>;
  now(): Date;
}

/**
 * The applications table and its rules arrive with the applications module (API.md
 * "Applications"); until it exists no customer has an active application. That module passes its
 * own check through the route module's `hasActiveApplication` option.
 */
export async function noActiveApplication(_customerId: string): Promise<boolean> {
  return false;
}

export async function inNoSubmittedApplication(_customerId: string, _integrationId: string): Promise<boolean> {
  return false;
}

/* ---------- Wire shapes (packages/domain/src/wire/marketplace.ts) ---------- */

/** Request bodies after validation (trimmed; a store link is then an absolute address or null). */
type UpsertBody = z.output<typeof upsertBody>;
type IdeasoftAuthorizationBody = z.output<typeof ideasoftAuthorizationBody>;
type SetCompanyBody = z.output<typeof setCompanyBody>;

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

/** The host of an address the seller typed, in one spelling (letter case, trailing dot). */
const hostOf = (value: string): string => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname.toLowerCase().replace(/\.+$/, '');
  } catch {
    return value.trim().toLowerCase();
  }
};

/* ---------- Reading ---------- */

function viewOfMarketplace(marketplace: Marketplace, registry: ConnectorRegistry): MarketplaceView | undefined {
  if (!isMarketplaceCode(marketplace.code)) return undefined;
  const connector = registry.connector(marketplace.code);
  const regions = marketplaceRegions[marketplace.code];
  return {
    id: marketplace.id,
    code: marketplace.code,
    name: marketplace.name,
    logo_url: null,
    auth_type: marketplace.authType,
    fields: connector.fields.map((field) => ({ name: field.name, type: field.type, required: field.required })),
    ...(regions ? { regions: [...regions] } : {}),
  };
}

export async function marketplaceCatalogue(ctx: MarketplaceContext): Promise<MarketplaceView[]> {
  const rows = await listMarketplaces(ctx.db);
  return rows.flatMap((row) => viewOfMarketplace(row, ctx.registry) ?? []);
}

export async function integrationsOf(
  ctx: MarketplaceContext,
  customerId: string,
  statuses?: IntegrationStatus[],
): Promise<IntegrationView[]> {
  return (await listIntegrations(ctx.db, customerId, statuses ? { statuses } : {})).map(toIntegrationView);
}

/** Valid integrations (active and updated, specification §4) grouped by their company. */
export async function integrationsByCompany(ctx: MarketplaceContext, customerId: string): Promise<CompanyWithIntegrations> {
  const valid = (await listIntegrations(ctx.db, customerId, { statuses: ['active'] })).filter(
    (listed) => listed.integration.isActive && listed.integration.isUpdated,
  );
  const companyIds = [...new Set(valid.flatMap((listed) => (listed.integration.companyId ? [listed.integration.companyId] : [])))];
  const companies = new Map((await findCompaniesByIds(ctx.db, customerId, companyIds)).map((company) => [company.id, company]));
  const groups = new Map<string, CompanyWithIntegrations['companies'][number]>();
  const withoutCompany: IntegrationView[] = [];
  for (const listed of valid) {
    const company = listed.integration.companyId ? companies.get(listed.integration.companyId) : undefined;
    if (!company) {
      withoutCompany.push(toIntegrationView(listed));
      continue;
    }
    let group = groups.get(company.id);
    if (!group) {
      group = { company: toCompanyView(company), integrations: [] };
      groups.set(company.id, group);
    }
    group.integrations.push(toIntegrationView(listed));
  }
  return { companies: [...groups.values()], integrations_without_company: withoutCompany };
}

/* ---------- Starting tasks ---------- */

async function marketplaceOrFail(db: Db, id: string): Promise<Marketplace & { code: MarketplaceCode }> {
  const marketplace = await findMarketplace(db, id);
  if (!marketplace || !marketplace.isEnabled || !isMarketplaceCode(marketplace.code)) throw new AppError(404, 'marketplace_not_found');
  return marketplace as Marketplace & { code: MarketplaceCode };
}

async function ownIntegrationOrFail(db: Db, customerId: string, id: string): Promise<Integration> {
  // Another customer's id gets the same answer as an unknown one: nothing about it leaks.
  const integration = await findIntegration(db, customerId, id);
  if (!integration) throw new AppError(404, 'integration_not_found');
  return integration;
}

/**
 * True when an update points the connection at another store host (Ideasoft's store_url, Ticimax's
 * store_domain): the stored secrets were entered for the old host and must never be sent to the new one.
 */
function storeHostChanged(connector: Connector, existing: Integration, typed: Credentials): boolean {
  return connector.fields.some((field) => {
    const stored = existing.publicFields[field.name];
    const given = (typed[field.name] ?? '').trim();
    return field.type === 'url' && stored !== undefined && given !== '' && hostOf(given) !== hostOf(stored);
  });
}

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

const amazonStateLifetimeMs = 10 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function amazonAuthorizationUrl(ctx: MarketplaceContext, customerId: string, region: AmazonRegion): Promise<AuthorizationUrl> {
  const state = randomBytes(24).toString('base64url');
  let url: string;
  try {
    url = ctx.registry.amazon.consentUrl(region, state);
  } catch (error) {
    if (error instanceof ConnectorError) throw new AppError(503, 'amazon_authorization_failed');
    throw error;
  }
  const now = ctx.now();
  await deleteStaleAmazonStates(ctx.db, now);
  await insertAmazonState(ctx.db, {
    stateHash: sha256(state),
    customerId,
    region,
    expiresAt: new Date(now.getTime() + amazonStateLifetimeMs),
  });
  return { url, state };
}

/* ---------- Ideasoft authorization (authorization code on the seller's store) ---------- */

const oauthStateLifetimeMs = 10 * 60_000;

/** What the state row holds (encrypted) between the consent redirect and the callback. */
interface IdeasoftHeld {
  store_url: string;
  client_id: string;
  client_secret: string;
  store_name: string;
  store_link?: string;
  integration_id?: string;
}

async function marketplaceByCode(db: Db, code: MarketplaceCode): Promise<Marketplace & { code: MarketplaceCode }> {
  const marketplace = (await listMarketplaces(db)).find((row) => row.code === code);
  if (!marketplace) throw new AppError(404, 'marketplace_not_found');
  return marketplace as Marketplace & { code: MarketplaceCode };
}

/**
 * Keeps what the seller typed server-side under a fresh single-use state (10 minutes, this
 * customer only) and gives the store's consent URL, which carries the client id but never the
 * secret. The callback then finishes through the upsert with `{authorization_code, state}`.
 */
export async function ideasoftAuthorizationUrl(
  ctx: MarketplaceContext,
  customerId: string,
  body: IdeasoftAuthorizationBody,
): Promise<AuthorizationUrl> {
  const marketplace = await marketplaceByCode(ctx.db, 'ideasoft');
  const existing = body.integration_id ? await ownIntegrationOrFail(ctx.db, customerId, body.integration_id) : undefined;
  if (existing && existing.marketplaceId !== marketplace.id) throw new AppError(404, 'integration_not_found');
  const fields: Record<string, { key: MessageKey }> = {};
  let storeUrl = '';
  try {
    storeUrl = publicStoreOrigin(body.store_url, 'store_url');
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    fields.store_url = { key: 'store_address_invalid' };
  }
  // A stored secret goes only to the host it was entered for (ARCHITECTURE.md §8).
  const stored = existing ? storedCredentials(ctx, existing) : {};
  const sameHost = storeUrl !== '' && stored.store_url !== undefined && hostOf(stored.store_url) === hostOf(storeUrl);
  const clientSecret = body.client_secret || (sameHost ? (stored.client_secret ?? '') : '');
  if (!clientSecret) fields.client_secret = { key: existing && !sameHost && storeUrl !== '' ? 'retype_for_new_address' : 'required' };
  if (Object.keys(fields).length > 0) throw new AppError(400, 'validation_failed', { fields });

  const state = randomBytes(24).toString('base64url');
  const url = ctx.registry.ideasoft.authorizeUrl(storeUrl, body.client_id, state);
  const held: IdeasoftHeld = {
    store_url: storeUrl,
    client_id: body.client_id,
    client_secret: clientSecret,
    store_name: body.store_name.replace(/\s+/g, ' '),
    ...(body.store_link ? { store_link: body.store_link } : {}),
    ...(existing ? { integration_id: existing.id } : {}),
  };
  const now = ctx.now();
  await deleteStaleOauthStates(ctx.db, now);
  await insertOauthState(ctx.db, {
    stateHash: sha256(state),
    customerId,
    marketplaceCode: 'ideasoft',
    payloadEncrypted: ctx.secrets.encrypt({ ...held }),
    expiresAt: new Date(now.getTime() + oauthStateLifetimeMs),
  });
  return { url, state };
}

/**
 * The Ideasoft callback's upsert: uses up the state (refused on the spot when unknown, used,
 * expired or another customer's) and queues the code exchange with the details held under it.
 * The held store name and integration win over the body's.
 */
async function startIdeasoftUpsert(
  ctx: MarketplaceContext,
  customerId: string,
  marketplace: Marketplace,
  body: UpsertBody,
): Promise<string> {
  const fields: Record<string, { key: MessageKey }> = {};
  for (const name of ['authorization_code', 'state']) {
    if (!(body.credentials[name] ?? '').trim()) fields[name] = { key: 'required' };
  }
  if (Object.keys(fields).length > 0) throw new AppError(400, 'validation_failed', { fields });
  const sealed = await useOauthState(ctx.db, customerId, 'ideasoft', sha256(body.credentials.state!.trim()), ctx.now());
  if (!sealed) throw new AppError(400, 'ideasoft_state_invalid');
  const held = ctx.secrets.decrypt(sealed) as unknown as IdeasoftHeld;
  if (body.integration_id && body.integration_id !== held.integration_id) throw new AppError(400, 'ideasoft_state_invalid');
  const existing = held.integration_id ? await ownIntegrationOrFail(ctx.db, customerId, held.integration_id) : undefined;
  const credentials: Credentials = {
    store_url: held.store_url,
    client_id: held.client_id,
    client_secret: held.client_secret,
    authorization_code: body.credentials.authorization_code!.trim(),
  };
  return ctx.tasks.enqueue({
    customerId,
    type: existing ? 'update_integration' : 'connect_integration',
    payload: {
      marketplace_id: marketplace.id,
      ...(existing ? { integration_id: existing.id } : {}),
      store_name: held.store_name,
      store_link: held.store_link ?? body.store_link ?? null,
      region: null,
      credentials_encrypted: ctx.secrets.encrypt(credentials),
    },
  });
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
    const fields: Record<string, { key: MessageKey }> = {};
    for (const name of ['spapi_oauth_code', 'state', 'selling_partner_id']) {
      if (!(body.credentials[name] ?? '').trim()) fields[name] = { key: 'required' };
    }
    if (Object.keys(fields).length > 0) throw new AppError(400, 'validation_failed', { fields });
    const stateRegion = await useAmazonState(ctx.db, customerId, sha256(body.credentials.state!.trim()), ctx.now());
    if (!stateRegion) throw new AppError(400, 'amazon_state_invalid');
    region = stateRegion;
    credentials = {
      spapi_oauth_code: body.credentials.spapi_oauth_code!.trim(),
      selling_partner_id: body.credentials.selling_partner_id!.trim(),
    };
  } else {
    const connector = ctx.registry.connector(marketplace.code);
    const newHost = existing ? storeHostChanged(connector, existing, body.credentials) : false;
    credentials = checkedCredentials(connector, body.credentials, Boolean(existing), newHost);
  }

  return ctx.tasks.enqueue({
    customerId,
    type: existing ? 'update_integration' : 'connect_integration',
    payload: {
      marketplace_id: marketplace.id,
      ...(existing ? { integration_id: existing.id } : {}),
      store_name: body.store_name,
      store_link: body.store_link,
      region,
      credentials_encrypted: ctx.secrets.encrypt(credentials),
    },
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

/** A company is set once per integration; changing it goes through the support team. */
function assertNotRelinked(integrations: Integration[], companyId: string | undefined): void {
  if (integrations.some((integration) => integration.companyId !== null && integration.companyId !== companyId)) {
    throw new AppError(409, 'company_locked');
  }
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

/* ---------- Task handlers ---------- */

/** The connector's failure as the task's message, with the marketplace's name filled in. */
function marketplaceFailure(error: unknown, marketplaceName: string): unknown {
  if (!(error instanceof ConnectorError)) return error;
  const key: MessageKey = isMessageKey(error.messageKey) ? error.messageKey : 'marketplace_unexpected';
  return new AppError(error.kind === 'unavailable' || error.kind === 'rate_limited' ? 503 : 400, key, {
    messageKey: key,
    params: { ...error.options.params, marketplace: marketplaceName },
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function taskCustomer(task: RunningTask): string {
  if (!task.customerId) throw new Error(`task ${task.id} has no customer`);
  return task.customerId;
}

/** Splits what the seller typed and what verification learned into stored identifiers and secrets. */
function storedParts(connector: Connector, credentials: Credentials, verified: VerifyResult) {
  const secretNames = new Set(connector.fields.filter((field) => field.type === 'secret').map((field) => field.name));
  const publicFields: Record<string, string> = {};
  const secrets: Credentials = {};
  for (const [name, value] of Object.entries(credentials)) {
    if (secretNames.has(name) || name === 'refresh_token' || name === 'access_token') secrets[name] = value;
    else publicFields[name] = value;
  }
  if (verified.sellerId) publicFields.seller_id ??= verified.sellerId;
  if (verified.merchantId) publicFields.merchant_id ??= verified.merchantId;
  Object.assign(secrets, verified.secrets ?? {});
  return { publicFields, secrets };
}

/**
 * What makes two connections the same store: the marketplace's seller/merchant id, else the first
 * identifier the seller typed (N11's app key, the store address of Ideasoft and Ticimax).
 */
function storeIdentity(connector: Connector, publicFields: Record<string, string>): string | null {
  const id = publicFields.seller_id ?? publicFields.merchant_id;
  if (id) return `id:${id.trim().toLowerCase()}`;
  const field = connector.fields.find((candidate) => candidate.type !== 'secret' && publicFields[candidate.name]);
  if (!field) return null;
  const value = (publicFields[field.name] ?? '').trim().toLowerCase();
  return `${field.name}:${
    field.type === 'url'
      ? value
          .replace(/^https?:\/\//, '')
          .replace(/^www\./, '')
          .replace(/\/+$/, '')
      : value
  }`;
}

async function listedIntegration(ctx: MarketplaceContext, customerId: string, id: string): Promise<IntegrationView | null> {
  const [listed] = await listIntegrations(ctx.db, customerId, { ids: [id] });
  return listed ? toIntegrationView(listed) : null;
}

/** Stored credentials in the connector's terms: the identifiers, the secrets and the region. */
function storedCredentials(ctx: MarketplaceContext, integration: Integration): Credentials {
  return {
    ...integration.publicFields,
    ...(integration.secretsEncrypted ? ctx.secrets.decrypt(integration.secretsEncrypted) : {}),
    ...(integration.region ? { region: integration.region } : {}),
  };
}

/**
 * The connector context for calls on a stored integration (health checks, re-activation, the order
 * sync): secrets the marketplace rotates during a call (Ideasoft's refresh token) are merged into
 * the integration's encrypted secrets at once, so the next call starts from the live ones.
 */
export function integrationContext(
  deps: Pick<MarketplaceContext, 'db' | 'registry' | 'secrets'>,
  code: MarketplaceCode,
  integration: Pick<Integration, 'id' | 'customerId' | 'region'>,
  signal?: AbortSignal,
): ConnectorContext {
  return {
    ...deps.registry.context(code, integration.region),
    ...(signal ? { signal } : {}),
    onSecretsRotated: async (rotated) => {
      await updateIntegrationSecrets(deps.db, integration.customerId, integration.id, (current) =>
        deps.secrets.encrypt({ ...(current ? deps.secrets.decrypt(current) : {}), ...rotated }),
      );
    },
  };
}

/** Runs the connector's one read-only call through the registry (sandbox-aware). */
async function verifyWith(
  ctx: MarketplaceContext,
  marketplace: Marketplace & { code: MarketplaceCode },
  credentials: Credentials,
  region: string | null,
  signal: AbortSignal,
  stored?: Integration,
): Promise<VerifyResult> {
  const context = stored
    ? integrationContext(ctx, marketplace.code, stored, signal)
    : { ...ctx.registry.context(marketplace.code, region), signal };
  try {
    return await ctx.registry.connector(marketplace.code).verify(credentials, context);
  } catch (error) {
    throw marketplaceFailure(error, marketplace.name);
  }
}

/** connect_integration and update_integration. Safe to repeat: a new row takes the task's id. */
export async function runUpsertTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const payload = task.payload;
  const marketplace = await marketplaceOrFail(ctx.db, String(payload.marketplace_id));
  const connector = ctx.registry.connector(marketplace.code);
  const integrationId = text(payload.integration_id);
  const existing = integrationId ? await ownIntegrationOrFail(ctx.db, customerId, integrationId) : undefined;
  const region = text(payload.region);
  const storeName = String(payload.store_name);
  const typed = ctx.secrets.decrypt(String(payload.credentials_encrypted));

  let credentials: Credentials;
  if (marketplace.code === 'amazon') {
    const code = typed.spapi_oauth_code ?? '';
    let refreshToken: string;
    try {
      ({ refreshToken } = await ctx.registry.amazon.exchangeCode(code));
    } catch (error) {
      throw marketplaceFailure(error, marketplace.name);
    }
    // Amazon ends an authorization 365 days after consent; the connector asks for a new one then.
    credentials = {
      selling_partner_id: typed.selling_partner_id ?? '',
      refresh_token: refreshToken,
      authorized_at: ctx.now().toISOString(),
    };
  } else if (marketplace.code === 'ideasoft') {
    const { authorization_code: code = '', ...client } = typed;
    try {
      credentials = { ...client, ...(await ctx.registry.ideasoft.exchangeCode(client, code, task.signal)) };
    } catch (error) {
      throw marketplaceFailure(error, marketplace.name);
    }
  } else {
    // An update may leave secrets empty: the stored ones stay, but only for the host they were
    // entered for (startUpsert already asked for them again; this holds even for an old task row).
    const keepSecrets = existing && !storeHostChanged(connector, existing, typed);
    credentials = { ...(existing ? (keepSecrets ? storedCredentials(ctx, existing) : existing.publicFields) : {}), ...typed };
    delete credentials.region;
  }

  const verified = await verifyWith(ctx, marketplace, { ...credentials, ...(region ? { region } : {}) }, region, task.signal);
  const { publicFields, secrets } = storedParts(connector, credentials, verified);

  const identity = storeIdentity(connector, publicFields);
  if (identity) {
    const others = await integrationsOnMarketplace(ctx.db, customerId, marketplace.id);
    const thisOne = existing?.id ?? task.id;
    if (others.some((other) => other.id !== thisOne && storeIdentity(connector, other.publicFields) === identity)) {
      throw new AppError(409, 'integration_exists');
    }
  }

  const now = ctx.now();
  const values = {
    storeName,
    storeLink: text(payload.store_link),
    region,
    publicFields,
    secretsEncrypted: Object.keys(secrets).length > 0 ? ctx.secrets.encrypt(secrets) : null,
    status: 'active' as const,
    isActive: true,
    isUpdated: true,
    connectedAt: now,
    lastCheckedAt: now,
    lastError: null,
  };
  if (existing) {
    await updateIntegration(ctx.db, customerId, existing.id, values);
  } else {
    await insertIntegration(ctx.db, { id: task.id, customerId, marketplaceId: marketplace.id, ...values });
  }
  const savedId = existing?.id ?? task.id;
  // The store works: its orders start importing. A failure here must not undo the connection.
  await ctx.onStoreConnected?.(customerId, savedId).catch(() => {});
  const data = await listedIntegration(ctx, customerId, savedId);
  return { message: existing ? 'task_update_success' : 'task_connect_success', params: { store: storeName }, data };
}

/** change_integration_status: activate re-verifies the stored credentials first; disable just stops. */
export async function runChangeStatusTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const integration = await ownIntegrationOrFail(ctx.db, customerId, String(task.payload.integration_id));
  const now = ctx.now();
  if (task.payload.action === 'disable') {
    await updateIntegration(ctx.db, customerId, integration.id, { status: 'disabled', isActive: false });
    return {
      message: 'task_disable_success',
      params: { store: integration.storeName },
      data: await listedIntegration(ctx, customerId, integration.id),
    };
  }
  const marketplace = await marketplaceOrFail(ctx.db, integration.marketplaceId);
  try {
    await verifyWith(ctx, marketplace, storedCredentials(ctx, integration), integration.region, task.signal, integration);
  } catch (error) {
    if (error instanceof AppError) {
      await updateIntegration(ctx.db, customerId, integration.id, {
        status: 'out_of_date',
        isActive: true,
        isUpdated: false,
        lastCheckedAt: now,
        lastError: error.code,
      });
    }
    throw error;
  }
  await updateIntegration(ctx.db, customerId, integration.id, {
    status: 'active',
    isActive: true,
    isUpdated: true,
    lastCheckedAt: now,
    lastError: null,
  });
  return {
    message: 'task_activate_success',
    params: { store: integration.storeName },
    data: await listedIntegration(ctx, customerId, integration.id),
  };
}

/** delete_integration: repeating it after the row is gone still reports success. */
export async function runDeleteTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const id = String(task.payload.integration_id);
  await deleteIntegration(ctx.db, customerId, id);
  return { message: 'task_delete_success', params: { store: String(task.payload.store_name ?? '') }, data: { id } };
}

/** connect_company: saves the company when given, then links the integrations that have none. */
export async function runConnectCompanyTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const ids = z.array(z.string()).parse(task.payload.integration_ids);
  const integrations = await findIntegrationsByIds(ctx.db, customerId, ids);
  if (integrations.length !== ids.length) throw new AppError(404, 'integration_not_found');
  let company;
  if (task.payload.company) {
    company = await upsertCompany(ctx.db, customerId, companyInput.parse(task.payload.company));
  } else {
    company = await findCompanyById(ctx.db, customerId, String(task.payload.company_id));
    if (!company) throw new AppError(404, 'company_not_found');
  }
  assertNotRelinked(integrations, company.id);
  await linkCompany(ctx.db, customerId, ids, company.id);
  const listed = (await listIntegrations(ctx.db, customerId, { ids })).map(toIntegrationView);
  return { message: 'task_company_success', data: { company: toCompanyView(company), integrations: listed } };
}

/**
 * check_integration_health: the scheduled re-check. Credentials the marketplace now refuses mark
 * the integration out_of_date (the list then offers to reconnect); a marketplace that is merely
 * unreachable changes nothing but the recorded error.
 */
export async function runHealthCheckTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const integration = await findIntegration(ctx.db, customerId, String(task.payload.integration_id));
  if (!integration) throw new AppError(404, 'integration_not_found');
  const params = { store: integration.storeName };
  // Switched off or already out of date since the check was scheduled: nothing to find out.
  if (integration.status === 'disabled') return { message: 'task_disable_success', params };
  if (integration.status === 'out_of_date') return { message: 'task_health_failed', params, is_successful: false };
  const marketplace = await marketplaceOrFail(ctx.db, integration.marketplaceId);
  const now = ctx.now();
  try {
    await ctx.registry
      .connector(marketplace.code)
      .verify(storedCredentials(ctx, integration), integrationContext(ctx, marketplace.code, integration, task.signal));
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    const refused = error.kind === 'bad_credentials' || error.kind === 'forbidden';
    await updateIntegration(ctx.db, customerId, integration.id, {
      lastCheckedAt: now,
      lastError: error.messageKey,
      ...(refused ? { status: 'out_of_date' as const, isUpdated: false } : {}),
    });
    if (refused) throw new AppError(400, 'task_health_failed', { messageKey: 'task_health_failed', params });
    throw marketplaceFailure(error, marketplace.name);
  }
  await updateIntegration(ctx.db, customerId, integration.id, { lastCheckedAt: now, lastError: null });
  return { message: 'task_health_ok', params, data: await listedIntegration(ctx, customerId, integration.id) };
}

/** Enqueues a health check for every active integration not checked within the interval. */
export async function enqueueDueHealthChecks(ctx: MarketplaceContext): Promise<number> {
  const intervalMs = Math.max(1, ctx.config.connectionHealthIntervalMinutes) * 60_000;
  const now = ctx.now();
  const batch = 500;
  let scheduled = 0;
  for (;;) {
    const due = await claimIntegrationsDueForCheck(ctx.db, now, new Date(now.getTime() - intervalMs), batch);
    for (const integration of due) {
      await ctx.tasks.enqueue({
        customerId: integration.customerId,
        type: 'check_integration_health',
        payload: { integration_id: integration.id },
        system: true,
      });
    }
    scheduled += due.length;
    if (due.length < batch) return scheduled;
  }
}

export function registerMarketplaceTasks(ctx: MarketplaceContext): void {
  ctx.tasks.handle('connect_integration', (task) => runUpsertTask(ctx, task));
  ctx.tasks.handle('update_integration', (task) => runUpsertTask(ctx, task));
  ctx.tasks.handle('change_integration_status', (task) => runChangeStatusTask(ctx, task));
  ctx.tasks.handle('delete_integration', (task) => runDeleteTask(ctx, task));
  ctx.tasks.handle('connect_company', (task) => runConnectCompanyTask(ctx, task));
  ctx.tasks.handle('check_integration_health', (task) => runHealthCheckTask(ctx, task), 'background');
}
