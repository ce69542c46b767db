/** Calls to a marketplace through its connector: stored credentials, the call context and failures as task messages. */
import { isMessageKey, type MessageKey } from '@worq/domain/messages';
import type { MarketplaceCode } from '../../config.ts';
import { ConnectorError, type ConnectorContext, type Credentials, type VerifyResult } from '../../connectors/types.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MarketplaceContext } from './context.ts';
import { updateIntegrationSecrets, type Integration, type Marketplace } from './repository.ts';

/** The connector's failure as the task's message, with the marketplace's name filled in. */
export function marketplaceFailure(error: unknown, marketplaceName: string): unknown {
  if (!(error instanceof ConnectorError)) return error;
  const key: MessageKey = isMessageKey(error.messageKey) ? error.messageKey : 'marketplace_unexpected';
  return new AppError(error.kind === 'unavailable' || error.kind === 'rate_limited' ? 503 : 400, key, {
    messageKey: key,
    params: { ...error.options.params, marketplace: marketplaceName },
  });
}

/** Stored credentials in the connector's terms: the identifiers, the secrets and the region. */
export function storedCredentials(ctx: MarketplaceContext, integration: Integration): Credentials {
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
export async function verifyWith(
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
