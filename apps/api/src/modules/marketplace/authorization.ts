import { createHash, randomBytes } from 'node:crypto';
import type { MessageKey } from '@worq/domain/messages';
import type { AuthorizationUrl } from '@worq/domain/wire/marketplace';
import type { AmazonRegion } from '@worq/domain/wire/choices';
import type { MarketplaceCode } from '../../config.ts';
import { publicStoreOrigin } from '../../connectors/ideasoft.ts';
import { ConnectorError, type Credentials } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { hostOf, ownIntegrationOrFail, requireCredentials } from './checks.ts';
import { marketplaceFailure, storedCredentials } from './connector-calls.ts';
import type { MarketplaceContext } from './context.ts';
import {
  deleteStaleAmazonStates,
  deleteStaleOauthStates,
  insertAmazonState,
  insertOauthState,
  listMarketplaces,
  recordAmazonRedirect,
  useOauthState,
  type Marketplace,
} from './repository.ts';
import { enqueueUpsertTask } from './upsert-task.ts';
import type { IdeasoftAuthorizationBody, UpsertBody } from './views.ts';

const amazonStateLifetimeMs = 10 * 60_000;
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

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

/** An Amazon selling partner id (merchant token): capital letters and digits. */
const sellingPartnerIdPattern = /^[A-Z0-9]{8,32}$/;

/**
 * Amazon's consent redirect to `{PUBLIC_URL}/amazon-callback?spapi_oauth_code&state&selling_partner_id`,
 * as it reaches the server (before the page hands the code to its opener): the selling partner id
 * is kept on the state, with a hash of the code it came with. The connect task takes the seller id
 * from there, never from what the client posts. Anything incomplete or malformed is ignored (the
 * page shows its own error).
 */
export async function takeAmazonRedirect(db: Db, query: Record<string, unknown>, now: Date): Promise<void> {
  const { state, spapi_oauth_code: code, selling_partner_id: sellingPartnerId } = query;
  if (typeof state !== 'string' || typeof code !== 'string' || typeof sellingPartnerId !== 'string') return;
  if (!state || !code || state.length > 200 || code.length > 2000 || !sellingPartnerIdPattern.test(sellingPartnerId)) return;
  await recordAmazonRedirect(db, { stateHash: sha256(state.trim()), sellingPartnerId, codeHash: sha256(code.trim()) }, now);
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
 * How long the callback request waits for the store's token endpoint. Ideasoft's authorization
 * code lives about 30 s (docs/reference/MARKETPLACES.md § Ideasoft), so it is exchanged while the
 * seller waits, never from a queue that may be busy for longer.
 */
export const ideasoftCodeExchangeTimeoutMs = 15_000;

/**
 * The Ideasoft callback's upsert: uses up the state (refused on the spot when unknown, used,
 * expired or another customer's), exchanges the code for the first token pair within this request
 * (a refused code is the callback's own 400, a store that does not answer in time its 503), and
 * queues only what can wait: verifying the store and saving the connection, with the tokens
 * encrypted in the task row. The held store name and integration win over the body's.
 */
export async function startIdeasoftUpsert(
  ctx: MarketplaceContext,
  customerId: string,
  marketplace: Marketplace,
  body: UpsertBody,
): Promise<string> {
  requireCredentials(body.credentials, ['authorization_code', 'state']);
  const sealed = await useOauthState(ctx.db, customerId, 'ideasoft', sha256(body.credentials.state!.trim()), ctx.now());
  if (!sealed) throw new AppError(400, 'ideasoft_state_invalid');
  const held = ctx.secrets.decrypt(sealed) as unknown as IdeasoftHeld;
  if (body.integration_id && body.integration_id !== held.integration_id) throw new AppError(400, 'ideasoft_state_invalid');
  const existing = held.integration_id ? await ownIntegrationOrFail(ctx.db, customerId, held.integration_id) : undefined;
  const client: Credentials = { store_url: held.store_url, client_id: held.client_id, client_secret: held.client_secret };
  let tokens: Credentials;
  try {
    tokens = {
      ...(await ctx.registry.ideasoft.exchangeCode(
        client,
        body.credentials.authorization_code!.trim(),
        AbortSignal.timeout(ideasoftCodeExchangeTimeoutMs),
      )),
    };
  } catch (error) {
    throw marketplaceFailure(error, marketplace.name);
  }
  const credentials: Credentials = { ...client, ...tokens };
  return enqueueUpsertTask(ctx, customerId, {
    marketplaceId: marketplace.id,
    existing,
    storeName: held.store_name,
    storeLink: held.store_link ?? body.store_link ?? null,
    region: null,
    credentials,
  });
}
