import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cityPage, cityPageQuery } from '@worq/domain/wire/location';
import type { Db } from '../../db/client.ts';
import { listCities } from './repository.ts';

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
        querystring: cityPageQuery,
        response: { 200: cityPage },
      },
    },
    async (request) => {
      const { items, total } = await listCities(db, request.query.page, request.query.pagesize);
      return { items: items.map((city) => ({ id: city.id, name: city.name, plate_code: city.plateCode })), total };
    },
  );
};
