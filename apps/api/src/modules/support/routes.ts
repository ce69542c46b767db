import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  supportRequestBody,
  supportRequestCreated,
  supportRequestPage,
  supportRequestParams,
  supportRequestsQuery,
  supportRequestView,
} from '@worq/domain/wire/support';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { createSupportRequest, markSupportRequestHandled, supportRequestsPage } from './service.ts';

const bearer = [{ bearer: [] }];

/** POST /support/request for any signed-in seller (verified or not), and the experts' list of them. */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Db; supportEmail: string | undefined }> = async (app, { db, supportEmail }) => {
  app.post(
    '/support/request',
    {
      preHandler: async (request) => {
        await app.requireAuth(request);
        if (request.user?.role === 'expert') throw new AppError(403, 'expert_account');
      },
      config: app.customerRateLimit('supportRequest'),
      schema: {
        tags: ['support'],
        summary: 'Sends a support request to the provider’s team (the form behind “contact us” when no chat is configured)',
        description:
          'Experts see it in the back-office; it is also e-mailed to SUPPORT_EMAIL when set. The phone need not be verified. 429 too_many_requests (with retry_after_seconds) past 5 requests an hour per customer.',
        security: bearer,
        body: supportRequestBody,
        response: { 201: supportRequestCreated },
      },
    },
    async (request, reply) => {
      const created = await createSupportRequest({ db, delivery: app.delivery, supportEmail }, request.user!.customer_id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/admin/support_requests',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'Support requests for the team to call back; newest first',
        description: 'handled defaults to false (still to call back); all = every request.',
        security: bearer,
        querystring: supportRequestsQuery,
        response: { 200: supportRequestPage },
      },
    },
    async (request) =>
      supportRequestsPage(db, {
        handled: request.query.handled,
        q: request.query.q,
        page: request.query.page,
        pageSize: request.query.pagesize,
      }),
  );

  app.post(
    '/admin/support_requests/:id/handled',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'Marks a support request as done (once: it keeps its first handler)',
        security: bearer,
        params: supportRequestParams,
        response: { 200: supportRequestView },
      },
    },
    async (request) => markSupportRequestHandled(db, request.params.id, request.user!.customer_id),
  );
};
