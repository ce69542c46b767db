import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptTermsBody,
  customerEmail,
  customerPhoneNumber,
  emailCodeSent,
  emailVerified,
  updateUserInfoBody,
  userInfo,
  verifyEmailBody,
} from '@worq/domain/wire/customer';
import { emptyBody } from '@worq/domain/wire/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accountsContext } from '../auth/public.ts';
import {
  acceptUpdatedTerms,
  currentCustomer,
  phoneNumberOf,
  sendEmailVerificationCode,
  updateUserInfo,
  userInfoOf,
  verifyEmail,
} from './service.ts';

const bearer = [{ bearer: [] }];
const perIpLimit = { rateLimit: {} };

/** The signed-in customer's own profile (API.md Customer). */
export const customerRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const ctx = accountsContext(app, db, config);

  app.get(
    '/customer/get_user_info',
    {
      preHandler: app.requireAuth,
      schema: { tags: ['customer'], summary: 'The signed-in customer', security: bearer, response: { 200: userInfo } },
    },
    async (request) => userInfoOf(db, await currentCustomer(ctx, request.user!.customer_id), request.language),
  );

  app.post(
    '/customer/accept_terms',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['customer'],
        summary: 'Answers the updated legal texts listed in pending_terms',
        description:
          'A pending disclosure must be true (400 consent_required otherwise). A pending optional consent that is true is accepted in the new version; false or absent withdraws it. Consents not pending are left as they are.',
        security: bearer,
        body: acceptTermsBody,
        response: { 200: userInfo },
      },
    },
    async (request) => acceptUpdatedTerms(ctx, request.user!.customer_id, request.body, request.language),
  );

  app.post(
    '/customer/update_user_info',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['customer'],
        summary:
          'Updates names and phone; a new phone number clears is_phone_verified and gets a code. Replacing a number needs the current password and tells the e-mail',
        security: bearer,
        body: updateUserInfoBody,
        response: { 200: userInfo },
      },
    },
    async (request) => updateUserInfo(ctx, request.user!.customer_id, request.body, request.language),
  );

  app.get(
    '/customer/get_customer_phone_number',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['customer'],
        summary: 'The phone number and its masked display (+90 *** *** 1234)',
        security: bearer,
        response: { 200: customerPhoneNumber },
      },
    },
    async (request) => phoneNumberOf(await currentCustomer(ctx, request.user!.customer_id)),
  );

  app.get(
    '/customer/get_email',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['customer'],
        summary: 'The e-mail address and whether it is verified',
        security: bearer,
        response: { 200: customerEmail },
      },
    },
    async (request) => {
      const customer = await currentCustomer(ctx, request.user!.customer_id);
      return { email: customer.email, is_email_verified: customer.isEmailVerified };
    },
  );

  app.post(
    '/customer/activate_email',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['customer'],
        summary: 'Sends a 6-digit code to the current e-mail (valid 10 minutes)',
        security: bearer,
        body: emptyBody,
        response: { 200: emailCodeSent },
      },
    },
    async (request) => sendEmailVerificationCode(ctx, request.user!.customer_id),
  );

  app.post(
    '/customer/verify_email',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['customer'],
        summary: 'Checks the e-mail code and marks the address verified',
        security: bearer,
        body: verifyEmailBody,
        response: { 200: emailVerified },
      },
    },
    async (request) => verifyEmail(ctx, request.user!.customer_id, request.body.code),
  );
};
