import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  emailChangeCodeSent,
  emailChangeRequestBody,
  forgotPasswordBody,
  loginBody,
  noContent,
  passwordChanged,
  phoneCodeSent,
  refreshTokenBody,
  registerCustomerBody,
  resetPasswordBody,
  sessionTokens,
  verificationCodeBody,
} from '@worq/domain/wire/auth';
import { emptyBody, messageAnswer } from '@worq/domain/wire/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { googleLoginRoutes } from './google.ts';
import { confirmEmailChange, requestEmailChange } from './contact-change.ts';
import { accountsContext } from './context.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password-change.ts';
import { sendPhoneCodeTo, verifyPhone } from './phone-verification.ts';
import { registerCustomer } from './registration.ts';
import { endSession, refreshSession, signIn } from './sessions.ts';

/** Per-IP limit of plugins/rate-limit.ts (IP_RATE_LIMIT_PER_MINUTE per route per minute). */
const perIpLimit = { rateLimit: {} };
const bearer = [{ bearer: [] }];

/** Sign-up, sign-in, sessions, phone verification, password and e-mail change (API.md Auth). */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const ctx = accountsContext(app, db, config);

  app.post(
    '/auth/register_customer',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Creates an account, sends the phone code and signs in',
        body: registerCustomerBody,
        response: { 201: sessionTokens },
      },
    },
    async (request, reply) => {
      const tokens = await registerCustomer(ctx, request.body, request.language);
      return reply.status(201).send(tokens);
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Signs in with e-mail and password (401 invalid_credentials whether or not the e-mail exists)',
        body: loginBody,
        response: { 200: sessionTokens },
      },
    },
    async (request) => signIn(ctx, request.body.email, request.body.password),
  );

  await app.register(googleLoginRoutes, { ctx, config });

  app.post(
    '/auth/token/refresh',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Rotates a refresh token; a rotated token presented again revokes its whole family',
        body: refreshTokenBody,
        response: { 200: sessionTokens },
      },
    },
    async (request) => refreshSession(ctx, request.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Revokes the session of the given refresh token; works with an expired access token, or none',
        // Optional: a still-valid token must belong to the session's owner.
        security: [{}, ...bearer],
        body: refreshTokenBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      // A still-valid access token must belong to the session's owner; an expired one is no obstacle.
      const bearerToken = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      const caller = bearerToken ? await app.verifyAccessToken(bearerToken).catch(() => undefined) : undefined;
      await endSession(ctx, caller?.customer_id, request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/otp/send',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sends a 6-digit code to the phone (valid 3 minutes; at most one a minute and five an hour)',
        security: bearer,
        body: emptyBody,
        response: { 200: phoneCodeSent },
      },
    },
    async (request) => sendPhoneCodeTo(ctx, request.user!.customer_id),
  );

  app.post(
    '/auth/otp/verify',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Checks the phone code; answers fresh tokens with is_phone_verified true',
        security: bearer,
        body: verificationCodeBody,
        response: { 200: sessionTokens },
      },
    },
    async (request) => verifyPhone(ctx, request.user!.customer_id, request.body.code),
  );

  app.post(
    '/auth/forgot_password',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'E-mails a single-use reset link valid 60 minutes; the same answer for unknown e-mails',
        body: forgotPasswordBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => requestPasswordReset(ctx, request.body.email, request.language),
  );

  app.post(
    '/auth/reset_password',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the e-mailed token and ends every session',
        body: resetPasswordBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => resetPassword(ctx, request.body.token, request.body.password, request.language),
  );

  app.post(
    '/auth/change_password',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Changes the password, ends every other session and returns a fresh token pair',
        security: bearer,
        body: changePasswordBody,
        response: { 200: passwordChanged },
      },
    },
    async (request) =>
      changePassword(ctx, request.user!.customer_id, request.body.current_password, request.body.new_password, request.language),
  );

  app.post(
    '/auth/email_change_request',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sends a 6-digit code to the new address (valid 10 minutes); needs the current password',
        security: bearer,
        body: emailChangeRequestBody,
        response: { 200: emailChangeCodeSent },
      },
    },
    async (request) => requestEmailChange(ctx, request.user!.customer_id, request.body.new_email, request.body.password),
  );

  app.post(
    '/auth/email_change_verify',
    {
      preHandler: app.requireAuth,
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Confirms the new address with its code; answers tokens that carry it',
        security: bearer,
        body: verificationCodeBody,
        response: { 200: sessionTokens },
      },
    },
    async (request) => confirmEmailChange(ctx, request.user!.customer_id, request.body.code),
  );
};
