import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amazonAuthorizationQuery,
  authorizationUrl,
  changeStatusBody,
  companyWithIntegrations,
  ideasoftAuthorizationBody,
  integrationList,
  integrationListQuery,
  marketplaceList,
  setCompanyBody,
  upsertBody,
} from '@worq/domain/wire/marketplace';
import { taskAccepted } from '@worq/domain/wire/tasks';
import type { Config } from '../../config.ts';
import { createConnectorRegistry, sandboxFetch, type ConnectorRegistry } from '../../connectors/registry.ts';
import type { Db } from '../../db/client.ts';
import { amazonAuthorizationUrl, ideasoftAuthorizationUrl } from './authorization.ts';
import { inNoSubmittedApplication, noActiveApplication, type MarketplaceContext } from './context.ts';
import { integrationsByCompany, integrationsOf, marketplaceCatalogue } from './reading.ts';
import { startChangeStatus, startSetCompany, startUpsert } from './service.ts';
import { enqueueDueHealthChecks, registerMarketplaceTasks } from './task-handlers.ts';

export interface MarketplaceRoutesOptions {
  db: Db;
  config: Config;
  /** Replaces the registry built from the configuration. */
  registry?: ConnectorRegistry;
  /** The applications module's check; until it exists nobody has an active application. */
  hasActiveApplication?: (customerId: string) => Promise<boolean>;
  /** The applications module's check that a store was submitted; until it exists none was. */
  isInSubmittedApplication?: (customerId: string, integrationId: string) => Promise<boolean>;
  /**
   * Registers the task handlers and the health schedule (default true). A second mount of the
   * routes (tests with stubbed dependencies) leaves them to the first.
   */
  handleTasks?: boolean;
  /** Called once a connect or update task has saved a working store (starts its order sync). */
  onStoreConnected?: (customerId: string, integrationId: string) => Promise<void>;
}

const bearer = [{ bearer: [] }];

/**
 * The inline `company` is the /company/upsert form, so its validation errors are keyed by the same
 * field names (tax_number rather than company.tax_number) and the web marks the same inputs. The
 * renaming happens after the errors plugin has worded each message from the value under its full
 * path.
 */
async function companyFieldNames(_request: unknown, reply: { statusCode: number }, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 400 || typeof payload !== 'string') return payload;
  const body = JSON.parse(payload) as { errors?: { fields?: Record<string, string> } };
  const fields = body.errors?.fields;
  if (!body.errors || !fields) return payload;
  body.errors.fields = Object.fromEntries(Object.entries(fields).map(([name, message]) => [name.replace(/^company\./, ''), message]));
  return JSON.stringify(body);
}

/** Marketplaces, store connections and their companies (API.md "Marketplaces and companies"). */
export const marketplaceRoutes: FastifyPluginAsyncZod<MarketplaceRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const registry =
    options.registry ??
    createConnectorRegistry({
      config,
      ...(config.marketplaceMode === 'sandbox' ? { fetch: sandboxFetch(app, config.publicUrl) } : {}),
    });
  const ctx: MarketplaceContext = {
    db,
    config,
    registry,
    tasks: app.tasks,
    secrets: app.secrets,
    hasActiveApplication: options.hasActiveApplication ?? noActiveApplication,
    ...(options.onStoreConnected ? { onStoreConnected: options.onStoreConnected } : {}),
    isInSubmittedApplication: options.isInSubmittedApplication ?? inNoSubmittedApplication,
    now: () => new Date(),
  };

  if (options.handleTasks ?? true) {
    registerMarketplaceTasks(ctx);
    app.schedule('connection health checks', config.connectionHealthIntervalMinutes * 60_000, () => enqueueDueHealthChecks(ctx));
  }

  app.get(
    '/marketplace/all',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['marketplace'],
        summary: 'The supported marketplaces with the fields their connection form needs',
        security: bearer,
        response: { 200: marketplaceList },
      },
    },
    async () => marketplaceCatalogue(ctx),
  );

  app.post(
    '/marketplace/integration/upsert',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['marketplace'],
        summary: 'Connects a store (or updates one) in a background task; 202 with its request_id',
        security: bearer,
        body: upsertBody,
        response: { 202: taskAccepted },
      },
    },
    async (request, reply) => {
      const requestId = await startUpsert(ctx, request.user!.customer_id, request.body);
      return reply.status(202).send({ request_id: requestId });
    },
  );

  app.get(
    '/marketplace/amazon/authorization_url',
    {
      preHandler: app.requireVerified,
      config: app.customerRateLimit('authorizationUrl'),
      schema: {
        tags: ['marketplace'],
        summary: 'The Seller Central consent URL and its single-use state (10 minutes)',
        description: 'Amazon and Ideasoft consent URLs share one limit: 429 too_many_requests past 20 per 10 minutes per customer.',
        security: bearer,
        querystring: amazonAuthorizationQuery,
        response: { 200: authorizationUrl },
      },
    },
    async (request) => amazonAuthorizationUrl(ctx, request.user!.customer_id, request.query.region ?? config.amazon.defaultRegion),
  );

  app.post(
    '/marketplace/ideasoft/authorization_url',
    {
      preHandler: app.requireVerified,
      config: app.customerRateLimit('authorizationUrl'),
      schema: {
        tags: ['marketplace'],
        summary: "The store's Ideasoft consent URL and its single-use state (10 minutes); the typed details stay on the server",
        description: 'Amazon and Ideasoft consent URLs share one limit: 429 too_many_requests past 20 per 10 minutes per customer.',
        security: bearer,
        body: ideasoftAuthorizationBody,
        response: { 200: authorizationUrl },
      },
    },
    async (request) => ideasoftAuthorizationUrl(ctx, request.user!.customer_id, request.body),
  );

  app.get(
    '/marketplace/integration/list',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['marketplace'],
        summary: "The customer's store connections, optionally of some statuses (repeat status); never secrets",
        security: bearer,
        querystring: integrationListQuery,
        response: { 200: integrationList },
      },
    },
    async (request) => {
      const { status } = request.query;
      return integrationsOf(ctx, request.user!.customer_id, status === undefined ? undefined : [status].flat());
    },
  );

  app.post(
    '/marketplace/integration/change_status',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['marketplace'],
        summary: 'Activates, disables or removes a connection in a background task; 409 while an application is active',
        security: bearer,
        body: changeStatusBody,
        response: { 202: taskAccepted },
      },
    },
    async (request, reply) => {
      const requestId = await startChangeStatus(ctx, request.user!.customer_id, request.body);
      return reply.status(202).send({ request_id: requestId });
    },
  );

  app.get(
    '/marketplace/integration/get_details_by_customer_id',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['marketplace'],
        summary: 'Active and updated connections grouped by company',
        security: bearer,
        response: { 200: companyWithIntegrations },
      },
    },
    async (request) => integrationsByCompany(ctx, request.user!.customer_id),
  );

  app.post(
    '/marketplace/integration/set_company',
    {
      preHandler: app.requireVerified,
      onSend: companyFieldNames,
      schema: {
        tags: ['marketplace'],
        summary: 'Links connections to a company (an existing one or a new one) in a background task',
        security: bearer,
        body: setCompanyBody,
        response: { 202: taskAccepted },
      },
    },
    async (request, reply) => {
      const requestId = await startSetCompany(ctx, request.user!.customer_id, request.body);
      return reply.status(202).send({ request_id: requestId });
    },
  );
};
