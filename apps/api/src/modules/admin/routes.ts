import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import {
  adminApplicationView,
  adminContactFormView,
  adminCustomerParams,
  adminIdParams,
  applicationDetailView,
  auditEventsPage,
  auditEventsQuery,
  contactFormPage,
  contactFormQuery,
  decisionBody,
  noContent,
  queuePage,
  queueQuery,
} from '@worq/domain/wire/admin';
import { paymentBody, paymentHeaders, repaymentView } from '@worq/domain/wire/repayment';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { endAllSessions } from '../auth/public.ts';
import { contactFormsPage, markHandled } from './contact-forms.ts';
import { decide } from './decision.ts';
import { applicationDetail, applicationEvents, reviewQueue } from './review.ts';
import { notifyPaymentRecorded } from '../notifications/public.ts';
import { recordPayment, repaymentsForExpert } from '../repayment/public.ts';

const bearer = [{ bearer: [] }];
const tags = ['back-office'];

/** The paging and search of a list query, as the services take them. */
const pageOf = ({ q, page, pagesize }: { q?: string | undefined; page: number; pagesize: number }) => ({ q, page, pageSize: pagesize });

/** The experts' back-office (API.md "Back-office"): every route needs a token with role expert. */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storeHostSuffixes: StoreHostSuffixes;
  onApproved?: (applicationId: string, now: Date) => Promise<unknown>;
}> = async (app, { db, storeHostSuffixes, onApproved }) => {
  app.get(
    '/admin/applications',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'The review queue: submitted applications, newest submitted first',
        description:
          'status defaults to in_progress (under review); all = every submitted application. q searches the seller name, e-mail, phone and the company title, official name or tax number.',
        security: bearer,
        querystring: queueQuery,
        response: { 200: queuePage },
      },
    },
    async (request) => reviewQueue(db, { status: request.query.status, ...pageOf(request.query) }),
  );

  app.get(
    '/admin/applications/:id',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'One submitted application: seller, plan and schedule, stores, company, contact forms and audit trail',
        description:
          'events holds the first 50 audit events, oldest first; when there are more, events_next_cursor is the cursor of GET /admin/applications/{id}/events for the rest (null otherwise).',
        security: bearer,
        params: adminIdParams,
        response: { 200: applicationDetailView },
      },
    },
    async (request) => applicationDetail(db, request.params.id, storeHostSuffixes),
  );

  app.get(
    '/admin/applications/:id/events',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: "A page of a submitted application's audit trail, oldest first",
        description:
          'Without cursor the first page (the events of the application page); with cursor (events_next_cursor, or next_cursor of the page before) the events after it. limit 1–200, default 50. next_cursor is null on the last page; 400 for a cursor that is not an event of the application.',
        security: bearer,
        params: adminIdParams,
        querystring: auditEventsQuery,
        response: { 200: auditEventsPage },
      },
    },
    async (request) => applicationEvents(db, request.params.id, request.query),
  );

  app.post(
    '/admin/applications/:id/decision',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'Approves or rejects an application under review; the seller is told by e-mail and SMS',
        description:
          'reject_reason is required (10–1000 characters) when rejecting. 409 already_decided once decided, 409 not_under_review for an application not yet submitted.',
        security: bearer,
        params: adminIdParams,
        body: decisionBody,
        response: { 200: adminApplicationView },
      },
    },
    async (request) =>
      decide({ db, delivery: app.delivery, log: request.log, onApproved }, request.params.id, request.user!.customer_id, request.body),
  );

  app.get(
    '/admin/applications/:id/repayments',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'The repayment schedule of an approved application',
        description: '404 until approved.',
        security: bearer,
        params: adminIdParams,
        response: { 200: repaymentView },
      },
    },
    async (request) => repaymentsForExpert(db, request.params.id),
  );

  app.post(
    '/admin/applications/:id/payments',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'Records a collection on an approved application; the seller is told by e-mail and SMS',
        description:
          'The amount (kuruş) goes to the oldest unpaid installments and is written to the audit trail (payment_recorded). 409 payment_exceeds_remaining beyond what is left (nothing is recorded), 409 not_approved before approval; paid_at must be a real calendar day from the approval day to today (Istanbul). ' +
          'An Idempotency-Key header (or idempotency_key in the body) makes a repeat of the same submission answer as the first without recording it again or telling the seller twice; the same key with other details is 409 idempotency_key_reused.',
        security: bearer,
        params: adminIdParams,
        headers: paymentHeaders,
        body: paymentBody,
        response: { 200: repaymentView },
      },
    },
    async (request) => {
      const { idempotency_key: bodyKey, ...payment } = request.body;
      const headerKey = request.headers['idempotency-key'];
      if (bodyKey && headerKey && bodyKey !== headerKey) {
        throw new AppError(400, 'validation_failed', { fields: { idempotency_key: { key: 'invalid_value' } } });
      }
      const key = bodyKey ?? headerKey ?? null;
      const recorded = await recordPayment(db, request.params.id, request.user!.customer_id, payment, new Date(), key);
      if (recorded.replayed) return recorded.view;
      try {
        await notifyPaymentRecorded(app.delivery, db, request.params.id, {
          amount: recorded.amount,
          paidAt: recorded.paidAt,
          remaining: recorded.view.remaining_amount,
        });
      } catch (error) {
        request.log.error({ err: error, applicationId: request.params.id }, 'could not tell the seller of the payment');
      }
      return recorded.view;
    },
  );

  app.get(
    '/admin/contact_forms',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'Contact forms for the team to call back, with or without an application; newest first',
        description: 'handled defaults to false (still to call back); all = every form.',
        security: bearer,
        querystring: contactFormQuery,
        response: { 200: contactFormPage },
      },
    },
    async (request) => contactFormsPage(db, { handled: request.query.handled, ...pageOf(request.query) }),
  );

  app.post(
    '/admin/contact_forms/:id/handled',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'Marks a contact form as called back (once: a handled form keeps its first handler)',
        security: bearer,
        params: adminIdParams,
        response: { 200: adminContactFormView },
      },
    },
    async (request) => markHandled(db, request.params.id, request.user!.customer_id),
  );

  app.post(
    '/admin/customers/:customer_id/end_sessions',
    {
      preHandler: app.requireExpert,
      schema: {
        tags,
        summary: 'Ends every session of a seller (a lost phone, a suspected break-in): their refresh tokens stop working',
        description: 'Access tokens already handed out run out within 15 minutes. 404 customer_not_found for an unknown id.',
        security: bearer,
        params: adminCustomerParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      if (!(await endAllSessions(db, request.params.customer_id))) throw new AppError(404, 'customer_not_found');
      return reply.status(204).send(null);
    },
  );
};
