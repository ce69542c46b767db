import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeSettings } from '@worq/domain/wire/settings';
import type { Config } from '../../config.ts';

/** What the web app reads at load, so one build serves every environment. */
export const settingsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['operations'],
        summary: 'Runtime settings for the web app (no secrets)',
        response: { 200: runtimeSettings },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        environment: config.env,
        amplitude_api_key: config.amplitude.apiKey ?? null,
        amplitude_server_url: config.amplitude.serverUrl ?? null,
        google_client_id: config.googleClientId ?? null,
        contact_chat_url: config.contactChatUrl ?? null,
        outbox_enabled: config.devOutbox,
        marketplace_sandbox: config.marketplaceMode === 'sandbox',
      };
    },
  );
};
