import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, vi } from 'vitest';
import type { SessionTokens } from '@worq/domain/wire/auth';
import { outboxMessages, rateLimitHits } from '../db/schema.ts';
import { createTestApp, sharedTestApp, type TestAppOptions, type TestContext } from './helpers.ts';

/*
 * Stories about accounts read like a user's: sign up, read the code from the phone (the outbox),
 * type it in. Each helper goes through the public API, never around it.
 */

export const defaultPassword = 'Secret12';

let counter = 0;
export function uniqueEmail(prefix = 'seller'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export function uniquePhone(): string {
  counter += 1;
  return `53${String(Date.now() % 1e4).padStart(4, '0')}${String(counter % 1e4).padStart(4, '0')}`;
}

/**
 * An app whose per-IP limits do not get in the way of a suite that signs many people up, nor the
 * per-customer ones of tests that poll the figures as fast as a script (a test of those limits
 * sets CUSTOMER_RATE_LIMIT_FACTOR back to 1).
 */
export function createAccountsTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  return createTestApp({ IP_RATE_LIMIT_PER_MINUTE: '10000', CUSTOMER_RATE_LIMIT_FACTOR: '100', ...env }, options);
}

/**
 * One accounts app for all the tests of a file (see sharedTestApp); a test that moved the clock
 * gets the real one back before the next test starts.
 */
export function sharedAccountsTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  const ctx = sharedTestApp(() => createAccountsTestApp(env, options));
  afterEach(() => restoreClock(ctx));
  return ctx;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface RegisteredCustomer extends SessionTokens {
  customerId: string;
  email: string;
  password: string;
  phone: string;
}

export function decodeClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ayşe',
    last_name: 'Yılmaz',
    email: uniqueEmail(),
    password: defaultPassword,
    phone_number: uniquePhone(),
    consents: { disclosure: true, explicit_consent: true, commercial_electronic_message: false },
    ...overrides,
  };
}

/** Signs up through the API; the phone code is waiting in the outbox. */
export async function registerCustomer(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RegisteredCustomer> {
  const body = registrationBody(overrides);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register_customer', payload: body, headers });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const tokens = response.json<SessionTokens>();
  return {
    ...tokens,
    customerId: String(decodeClaims(tokens.jwt_token).customer_id),
    email: String(body.email).toLowerCase(),
    password: String(body.password),
    phone: String(body.phone_number).replace(/\D/g, '').slice(-10),
  };
}

/** The newest message sent to a phone number or e-mail address. */
export async function latestMessage(ctx: TestContext, to: string, channel?: 'sms' | 'email') {
  const [message] = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), channel ? eq(outboxMessages.channel, channel) : undefined))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

/** The six-digit code of the newest message to `to`, read the way a person reads it. */
export async function latestCode(ctx: TestContext, to: string): Promise<string> {
  const message = await latestMessage(ctx, to);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

export async function messagesTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.createdAt));
}

/** Signs up and verifies the phone with the code from the outbox; returns the verified tokens. */
export async function registerVerifiedCustomer(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RegisteredCustomer> {
  const customer = await registerCustomer(ctx, overrides, headers);
  const code = await latestCode(ctx, customer.phone);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/otp/verify',
    headers: bearer(customer.jwt_token),
    payload: { code },
  });
  if (response.statusCode !== 200) throw new Error(`phone verification failed: ${response.statusCode} ${response.body}`);
  return { ...customer, ...response.json<SessionTokens>() };
}

export function post(
  ctx: TestContext,
  url: string,
  payload: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown>,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
}

export function get(ctx: TestContext, url: string, token?: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...(token ? bearer(token) : {}), ...headers } });
}

/**
 * Puts the real clock back after a test moved it. PGlite reads the same (faked) clock, so counters
 * written in the "future" are dropped too, or they would outlive the test.
 */
export async function restoreClock(ctx: TestContext): Promise<void> {
  if (!vi.isFakeTimers()) return;
  vi.useRealTimers();
  await ctx.database.db.delete(rateLimitHits);
}
