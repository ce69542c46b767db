import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPasswordField, personNameField, phoneField, verificationCodeField } from '@worq/domain/validation-schemas';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { consentsField } from '../auth/routes.ts';
import { accountsContext } from '../auth/service.ts';
import {
  acceptUpdatedTerms,
  currentCustomer,
  phoneNumberOf,
  sendEmailVerificationCode,
  updateUserInfo,
  userInfoOf,
  verifyEmail,
} from './service.ts';

const consentRecord = z.object({
  accepted: z.boolean(),
  term_version: z.number().int().nullable().describe('Version of the term text accepted'),
  accepted_at: z.string().nullable(),
});

const userInfo = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable().describe('Ten digits, 5XXXXXXXXX'),
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  consents: z.object({
    disclosure: consentRecord,
    explicit_consent: consentRecord,
    commercial_electronic_message: consentRecord,
  }),
  created_at: z.string(),
  preferred_language: z.enum(['tr', 'en']),
  pending_terms: z
    .array(
      z.object({
        consent: z.enum(['disclosure', 'explicit_consent', 'commercial_electronic_message']),
        term_type: z.enum(['disclosure', 'consent', 'electronic_message']),
        version: z.number().int().describe('The version now published'),
        accepted_version: z.number().int().describe('The version the customer accepted'),
        title: z.string(),
        change_note: z.string().nullable().describe('What changed, in the request language'),
        required: z.boolean().describe('true: must be accepted to go on (the disclosure); false: confirmed or withdrawn'),
      }),
    )
    .describe('Legal texts published in a newer version than the one accepted; the web asks for them before anything else'),
});

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
        body: z.object({
          disclosure: z.boolean().optional(),
          explicit_consent: z.boolean().optional(),
          commercial_electronic_message: z.boolean().optional(),
        }),
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
        body: z.object({
          first_name: personNameField,
          last_name: personNameField,
          phone_number: phoneField,
          /** Accounts created through Google give the sign-up consents here, with their phone number. */
          consents: consentsField.optional(),
          password: currentPasswordField
            .optional()
            .describe('The current password; required when an existing phone number is replaced (unless the account has none)'),
        }),
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
        response: { 200: z.object({ phone_number: z.string().nullable(), masked_phone: z.string().nullable() }) },
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
        response: { 200: z.object({ email: z.string(), is_email_verified: z.boolean() }) },
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
        body: z.object({}).optional(),
        response: { 200: z.object({ expires_in_seconds: z.number().int() }) },
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
        body: z.object({ code: verificationCodeField }),
        response: { 200: z.object({ is_email_verified: z.literal(true) }) },
      },
    },
    async (request) => verifyEmail(ctx, request.user!.customer_id, request.body.code),
  );
};
