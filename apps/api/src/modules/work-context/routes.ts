import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workContext, workContextParams } from '@worq/domain/wire/work-context';
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
        params: workContextParams,
        response: { 200: workContext },
      },
    },
    async (request) => {
      assertOwnCustomer(request, request.params.customer_id);
      return { navbar_elements: await navbarElementsFor(db, request.params.customer_id) };
    },
  );
};
