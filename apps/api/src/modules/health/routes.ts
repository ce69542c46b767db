import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'unavailable' });
      }
    },
  );
};
