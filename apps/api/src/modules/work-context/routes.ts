import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { assertOwnCustomer } from '../../plugins/auth.ts';
import { navbarElementsFor } from './service.ts';

/** Which parts of the portal the navigation shows to the customer. */
export const workContextRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/work_context/get/:customer_id',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['customer'],
        summary: "The navigation elements for the customer (403 for anyone else's id)",
        security: [{ bearer: [] }],
        params: z.object({ customer_id: z.string().max(64) }),
        response: { 200: z.object({ navbar_elements: z.array(z.enum(['applications', 'insight', 'connections'])) }) },
      },
    },
    async (request) => {
      assertOwnCustomer(request, request.params.customer_id);
      return { navbar_elements: await navbarElementsFor(db, request.params.customer_id) };
    },
  );
};
