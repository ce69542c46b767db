import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maxRangeDays,
  orderSyncBody,
  overview,
  rangeQuery,
  storeLookup,
  storeLookupBody,
  tips,
  turnoverSuggestion,
} from '@worq/domain/wire/insight';
import { taskAccepted } from '@worq/domain/wire/tasks';
import type { Config } from '../../config.ts';
import type { ConnectorRegistry } from '../../connectors/registry.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findIntegration } from '../marketplace/public.ts';
import { buildOverview } from './overview.ts';
import { planSuggestion } from './sales-history.ts';
import { lookupStore } from './store-lookup.ts';
import { requestOrderSync, startOrderSync, type SyncContext } from './sync.ts';
import { tipsFor } from './tips.ts';

export interface InsightRoutesOptions {
  db: Db;
  config: Config;
  registry: ConnectorRegistry;
  /** Registers the sync task and its schedule (default true). */
  handleTasks?: boolean;
}

const bearer = [{ bearer: [] }];

/** Store orders and WorqInsight (API.md "Orders and WorqInsight"). */
export const insightRoutes: FastifyPluginAsyncZod<InsightRoutesOptions> = async (app, options) => {
  const { db, config, registry } = options;
  const now = () => new Date();
  const syncCtx: SyncContext = { db, config, registry, secrets: app.secrets, tasks: app.tasks, log: app.log, now };
  if (options.handleTasks ?? true) {
    startOrderSync(syncCtx, app.schedule);
  }

  app.post(
    '/insight/store_lookup',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['insight'],
        summary: "Recognises the marketplace of a store's public address (parsed, never fetched)",
        description:
          "A store on its own domain answers marketplace_code null with candidates ['ideasoft', 'ticimax']. 400 store_url_unrecognised (field store_url).",
        security: bearer,
        body: storeLookupBody,
        response: { 200: storeLookup },
      },
    },
    async (request) => lookupStore(request.body.store_url),
  );

  app.post(
    '/insight/sync',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['insight'],
        summary: "Reads the store's new and changed orders in a background task (sync_orders); 202 with its request_id",
        description:
          "A sync already waiting or running for the store answers its request_id. The result's data is {new_orders, updated_orders, oldest_order_at}. 409 integration_not_active for a disabled or out-of-date store.",
        security: bearer,
        body: orderSyncBody,
        response: { 202: taskAccepted },
      },
    },
    async (request, reply) => {
      const customerId = request.user!.customer_id;
      const integration = await findIntegration(db, customerId, request.body.integration_id);
      if (!integration) throw new AppError(404, 'integration_not_found');
      if (integration.status !== 'active' || !integration.isActive) throw new AppError(409, 'integration_not_active');
      const requestId = await requestOrderSync(syncCtx, customerId, integration.id);
      return reply.status(202).send({ request_id: requestId });
    },
  );

  app.get(
    '/insight/overview',
    {
      preHandler: app.requireVerified,
      config: app.customerRateLimit('insightRead'),
      schema: {
        tags: ['insight'],
        summary: "The seller's sales figures for a range of Istanbul days (default: the last 30), with the previous equal period",
        description: `Repeat integration_id to filter stores. 400 for a range over ${maxRangeDays} days or from after to; 404 integration_not_found for a store that is not the seller's.`,
        security: bearer,
        querystring: rangeQuery,
        response: { 200: overview },
      },
    },
    async (request) =>
      buildOverview(db, request.user!.customer_id, request.query, request.language, now(), config.storeHostSuffixes, registry),
  );

  app.get(
    '/insight/tips',
    {
      preHandler: app.requireVerified,
      config: app.customerRateLimit('insightRead'),
      schema: {
        tags: ['insight'],
        summary: 'Tips from the figures of the range, in the request language, most important first',
        security: bearer,
        querystring: rangeQuery,
        response: { 200: tips },
      },
    },
    async (request) => {
      const at = now();
      const overview = await buildOverview(db, request.user!.customer_id, request.query, request.language, at, config.storeHostSuffixes);
      return tipsFor(overview, request.language, at);
    },
  );

  app.get(
    '/gpp/suggestion',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['plan'],
        summary: 'The average monthly turnover of the last 3 full months of synced orders, to pre-fill the plan',
        description:
          'Every figure null with months_used 0 when no orders are synced. Stores whose source is unverified (a seller-run Ideasoft or Ticimax host) are left out and listed in excluded_integrations.',
        security: bearer,
        response: { 200: turnoverSuggestion },
      },
    },
    async (request) => planSuggestion(db, request.user!.customer_id, now(), config.storeHostSuffixes),
  );
};
