import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { MarketplaceCode } from '../../config.ts';
import type { SandboxOptions } from './orders.ts';
import { amazonSandbox } from './amazon.ts';
import { ciceksepetiSandbox } from './ciceksepeti.ts';
import { hepsiburadaSandbox } from './hepsiburada.ts';
import { ideasoftSandbox } from './ideasoft.ts';
import { n11Sandbox } from './n11.ts';
import { ticimaxSandbox } from './ticimax.ts';
import { trendyolSandbox } from './trendyol.ts';

const sandboxes: Record<MarketplaceCode, FastifyPluginAsync<SandboxOptions>> = {
  trendyol: trendyolSandbox,
  hepsiburada: hepsiburadaSandbox,
  n11: n11Sandbox,
  ciceksepeti: ciceksepetiSandbox,
  amazon: amazonSandbox,
  ideasoft: ideasoftSandbox,
  ticimax: ticimaxSandbox,
};

/**
 * The fake marketplaces (ARCHITECTURE.md §3): each serves its marketplace's real paths under
 * /sandbox/{code}, the base URL the connector registry gives in sandbox mode. Registered only when
 * MARKETPLACE_MODE=sandbox; hidden from the OpenAPI document, which describes our own API.
 */
export async function sandboxPlugin(app: FastifyInstance, options: SandboxOptions = {}): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  for (const [code, plugin] of Object.entries(sandboxes)) {
    await app.register(plugin, { ...options, prefix: `/sandbox/${code}` });
  }
}
