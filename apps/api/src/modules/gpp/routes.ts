import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planInput, planParametersView, planView } from '@worq/domain/wire/gpp';
import type { Db } from '../../db/client.ts';
import { activePlan, planParameters, savePlan } from './service.ts';

const bearer = [{ bearer: [] }];

/** The revenue-sharing plan, GPeT (API.md "Plan"). Amounts are integer kuruş. */
export const gppRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/gpp/get',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['plan'],
        summary: 'The plan parameters the server decides: rates per duration, start weeks and bounds',
        security: bearer,
        response: { 200: planParametersView },
      },
    },
    async () => planParameters(),
  );

  app.post(
    '/gpp/upsert',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['plan'],
        summary: "Saves the active application's plan; the server recomputes every figure (400 with fields when out of bounds)",
        security: bearer,
        body: planInput,
        response: { 200: planView },
      },
    },
    async (request) => savePlan(db, request.user!.customer_id, request.body),
  );

  app.get(
    '/gpp/get_by_customer_id',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['plan'],
        summary: "The caller's active application's plan (404 plan_not_found without one)",
        security: bearer,
        response: { 200: planView },
      },
    },
    async (request) => activePlan(db, request.user!.customer_id),
  );
};
