import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { messageQueue } from '../db/schema.ts';
import type { OutgoingMessage } from '../plugins/delivery.ts';
import { registrationBody } from '../test/accounts-helpers.ts';
import { openTestDatabase, testEnv } from '../test/helpers.ts';

/*
 * The delivery layer inside the real app, in live mode, against a local SMS provider and a local
 * SMTP server that fail first: the request that caused the message is answered anyway, and the
 * message goes out on a later pass.
 */

let database: Database;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveApp(env: Record<string, string>, delivery?: { mode: 'outbox' | 'live'; send(message: OutgoingMessage): Promise<void> }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-delivery-test-'));
  const config = loadConfig(testEnv(dataDir, { IP_RATE_LIMIT_PER_MINUTE: '10000', ...env }));
  const app = await buildApp({ config, database, logger: false, ...(delivery ? { delivery } : {}) });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/** The provider answers each request with the next reply of the script (the last one repeats). */
async function smsProvider(replies: string[]) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(Buffer.concat(chunks).toString('utf8'));
      response.end(replies[Math.min(requests.length, replies.length) - 1] ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send/xml`, requests };
}

/** An SMTP server that refuses the first message with a temporary error and takes the rest. */
async function flakySmtpServer() {
  const received: string[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        if (attempts === 1) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received };
}

const queued = (to: string) => database.db.select().from(messageQueue).where(eq(messageQueue.to, to));
const makeDue = (to: string) =>
  database.db
    .update(messageQueue)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(messageQueue.to, to));

async function register(app: FastifyInstance, language = 'tr') {
  const body = registrationBody();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register_customer',
    payload: body,
    headers: { 'accept-language': language },
  });
  return { response, body, phone: String(body.phone_number) };
}

describe('delivery in live mode', () => {
  it('answers the sign-up while the SMS provider refuses, and delivers the code on the next pass', async () => {
    const provider = await smsProvider(['80', '00 987654321']);
    const smtp = await flakySmtpServer();
    const app = await liveApp({
      DELIVERY: 'live',
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: provider.url,
      SMS_PROVIDER_USER: 'worq-user',
      SMS_PROVIDER_PASSWORD: 'worq-pass',
    });

    const { response, phone } = await register(app);
    expect(response.statusCode).toBe(201);

    await app.delivery.runDue();
    const [waiting] = await queued(phone);
    expect(waiting).toMatchObject({ channel: 'sms', template: 'phone_code', status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toBe('SMS provider refused the message (code 80): the sending limit was exceeded');
    expect(provider.requests).toHaveLength(1);

    await makeDue(phone);
    expect(await app.delivery.runDue()).toMatchObject({ attempted: 1, sent: 1 });
    const [sent] = await queued(phone);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // The code that reached the phone is the one the account accepts.
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]).toContain(`<no>90${phone}</no>`);
    expect(provider.requests[1]).toContain('<usercode>worq-user</usercode>');
    const code = /doğrulama kodunuz: (\d{6})/.exec(provider.requests[1]!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const jwt = response.json<{ jwt_token: string }>().jwt_token;
    const verified = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp/verify',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('answers forgot-password while the SMTP server defers, and e-mails the link on the next pass', async () => {
    const provider = await smsProvider(['00 1']);
    const smtp = await flakySmtpServer();
    const app = await liveApp({ DELIVERY: 'live', SMTP_URL: smtp.url, SMS_PROVIDER_URL: provider.url });
    const { body } = await register(app, 'en');
    const email = String(body.email).toLowerCase();

    const answer = await app.inject({ method: 'POST', url: '/api/v1/auth/forgot_password', payload: { email } });
    expect(answer.statusCode).toBe(200);
    await app.delivery.runDue();
    const [waiting] = await queued(email);
    expect(waiting).toMatchObject({ channel: 'email', template: 'password_reset', status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);

    await makeDue(email);
    await app.delivery.runDue();
    expect((await queued(email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('multipart/alternative');
    expect(smtp.received[0]).toMatch(/change-password\?token=/);
  });
});

describe('delivery given to buildApp', () => {
  it('uses a test delivery in place of the configured one', async () => {
    const captured: OutgoingMessage[] = [];
    const app = await liveApp({}, { mode: 'outbox', send: async (message) => void captured.push(message) });
    const { response, phone } = await register(app, 'en');
    expect(response.statusCode).toBe(201);
    expect(captured).toHaveLength(1);
    expect(captured[0]).toMatchObject({ channel: 'sms', to: phone, template: 'phone_code', language: 'en' });
    expect(captured[0]!.body).toMatch(/^Your WorqTrade verification code is \d{6}\./);
    expect(await app.delivery.runDue()).toMatchObject({ attempted: 0 });
    expect(await queued(phone)).toHaveLength(0);
  });
});
