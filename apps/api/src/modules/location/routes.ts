import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listCities } from './repository.ts';

export const cityView = z.object({ id: z.number().int(), name: z.string(), plate_code: z.number().int() });

/** Reference data of the contact form: Türkiye's 81 provinces (specification §9: page size 81). */
export const locationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/location/city/view',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['location'],
        summary: 'The provinces of Türkiye, a page at a time, in licence-plate order',
        security: [{ bearer: [] }],
        querystring: z.object({
          page: z.coerce.number().int().min(0).max(10_000).default(0).describe('Zero-based'),
          pagesize: z.coerce.number().int().min(1).max(100).default(81),
        }),
        response: { 200: z.object({ items: z.array(cityView), total: z.number().int() }) },
      },
    },
    async (request) => {
      const { items, total } = await listCities(db, request.query.page, request.query.pagesize);
      return { items: items.map((city) => ({ id: city.id, name: city.name, plate_code: city.plateCode })), total };
    },
  );
};
