import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { repaymentsParams, repaymentView } from '@worq/domain/wire/repayment';
import type { Db } from '../../db/client.ts';
import { repaymentsOfCustomer } from './service.ts';

/** The seller's repayment schedule (API.md "Repayments after approval"). */
export const repaymentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/application/:id/repayments',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'The repayment schedule of the caller’s approved application: due dates, amounts, paid and remaining',
        description:
          'Installment n is due on the last day of week payment_start_week + n − 1, weeks counted from the approval day (Istanbul), which is day 1 of week 1. 404 until approved, and for anybody else’s application.',
        security: [{ bearer: [] }],
        params: repaymentsParams,
        response: { 200: repaymentView },
      },
    },
    async (request) => repaymentsOfCustomer(db, request.user!.customer_id, request.params.id),
  );
};
