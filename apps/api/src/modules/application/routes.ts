import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationIdBody,
  applicationList,
  applicationView,
  contactFormInput,
  contactFormView,
  customerIdParams,
  setStepBody,
  startApplicationBody,
} from '@worq/domain/wire/application';
import type { Language } from '@worq/domain/language';
import type { Db } from '../../db/client.ts';
import { assertOwnCustomer } from '../../plugins/auth.ts';
import { notifyApplicationReceived } from '../notifications/public.ts';
import { applicationsOf, completeApplication, leaveApplication, saveContactForm, setStep, startApplication } from './service.ts';

const bearer = [{ bearer: [] }];

/** The WorqTrade application journey (API.md "Applications"). Only the owner sees an application. */
export interface ApplicationRoutesOptions {
  db: Db;
  /** After a submission commits: keeps the offer the seller saw for the experts (issue 35). */
  onSubmitted?: (customerId: string, applicationId: string, language: Language) => Promise<void>;
}

export const applicationRoutes: FastifyPluginAsyncZod<ApplicationRoutesOptions> = async (app, { db, onSubmitted }) => {
  app.post(
    '/application/start_application',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'Starts an application; with an active one, 409 active_application_exists unless cancel_existing cancels it',
        security: bearer,
        body: startApplicationBody,
        response: { 201: applicationView },
      },
    },
    async (request, reply) => {
      const application = await startApplication(db, request.user!.customer_id, request.body.cancel_existing === true);
      return reply.status(201).send(application);
    },
  );

  app.post(
    '/application/set_step',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'Moves the active application to a step; forward moves need a saved plan (2) and a linked active store (3)',
        description: '409 step_requirements_not_met carries `missing`: plan, linked_store or summary_step.',
        security: bearer,
        body: setStepBody,
        response: { 200: applicationView },
      },
    },
    async (request) => setStep(db, request.user!.customer_id, request.body.application_id, request.body.step),
  );

  app.post(
    '/application/leave_application',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'Leaves the active application (is_leaved: true)',
        security: bearer,
        body: applicationIdBody,
        response: { 200: applicationView },
      },
    },
    async (request) => leaveApplication(db, request.user!.customer_id, request.body.application_id),
  );

  app.post(
    '/application/complete_application',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'Submits the application from step 3 for review (status in_progress); the seller is told by e-mail and SMS',
        security: bearer,
        body: applicationIdBody,
        response: { 200: applicationView },
      },
    },
    async (request) =>
      completeApplication(db, request.user!.customer_id, request.body.application_id, async (applicationId) => {
        // The application is committed; a failing message must not turn the submission into an error.
        try {
          await notifyApplicationReceived(app.delivery, db, applicationId);
        } catch (error) {
          request.log.error({ err: error, applicationId }, 'could not send the application-received notice');
        }
        try {
          await onSubmitted?.(request.user!.customer_id, applicationId, request.language);
        } catch (error) {
          request.log.error({ err: error, applicationId }, 'could not keep the offer snapshot');
        }
      }),
  );

  app.get(
    '/application/get_by_customer_id/:customer_id',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: "The customer's applications, newest first, each with its plan when saved (403 for anyone else's id)",
        security: bearer,
        params: customerIdParams,
        response: { 200: applicationList },
      },
    },
    async (request) => {
      assertOwnCustomer(request, request.params.customer_id);
      return applicationsOf(db, request.params.customer_id);
    },
  );

  app.post(
    '/application/form/upsert',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'Saves the contact (skip-step) form; a second send for the same application replaces it',
        security: bearer,
        body: contactFormInput,
        response: { 200: contactFormView },
      },
    },
    async (request) => saveContactForm(db, request.user!.customer_id, request.body),
  );
};
