import type { Connector, Credentials, VerifyResult } from '../../connectors/types.ts';
import { AppError } from '../../plugins/errors.ts';
import type { HandlerOutcome, RunningTask } from '../tasks/public.ts';
import { marketplaceOrFail, ownIntegrationOrFail, storeHostChanged } from './checks.ts';
import { marketplaceFailure, storedCredentials, verifyWith } from './connector-calls.ts';
import type { MarketplaceContext } from './context.ts';
import { listedIntegration } from './reading.ts';
import { insertIntegration, integrationsOnMarketplace, updateIntegration, type Integration } from './repository.ts';

/* ---------- Starting the task ---------- */

/** A checked request to connect a store, or to update `existing`, on one marketplace. */
export interface StoreUpsert {
  marketplaceId: string;
  existing: Integration | undefined;
  storeName: string;
  storeLink: string | null | undefined;
  region: string | null;
  credentials: Credentials;
}

/**
 * Queues connect_integration (update_integration for an existing store) with the payload
 * runUpsertTask reads; the credentials travel in the task row only encrypted.
 */
export function enqueueUpsertTask(ctx: MarketplaceContext, customerId: string, upsert: StoreUpsert): Promise<string> {
  return ctx.tasks.enqueue({
    customerId,
    type: upsert.existing ? 'update_integration' : 'connect_integration',
    payload: {
      marketplace_id: upsert.marketplaceId,
      ...(upsert.existing ? { integration_id: upsert.existing.id } : {}),
      store_name: upsert.storeName,
      store_link: upsert.storeLink,
      region: upsert.region,
      credentials_encrypted: ctx.secrets.encrypt(upsert.credentials),
    },
  });
}

/* ---------- Task handlers ---------- */

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function taskCustomer(task: RunningTask): string {
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
      // As Amazon's redirect gave it to the server (startUpsert); absent when the redirect did not pass here.
      ...(typed.selling_partner_id ? { selling_partner_id: typed.selling_partner_id } : {}),
      refresh_token: refreshToken,
      authorized_at: ctx.now().toISOString(),
    };
  } else if (marketplace.code === 'ideasoft' && typed.authorization_code !== undefined) {
    // A task queued before the callback exchanged the code itself (the code has long expired by
    // now, but the store says so, not us).
    const { authorization_code: code, ...client } = typed;
    try {
      credentials = { ...client, ...(await ctx.registry.ideasoft.exchangeCode(client, code, task.signal)) };
    } catch (error) {
      throw marketplaceFailure(error, marketplace.name);
    }
  } else if (marketplace.code === 'ideasoft') {
    // The callback exchanged the code while the seller waited: the task holds the first token pair.
    credentials = typed;
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
