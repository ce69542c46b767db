/*
 * The app the read-endpoint property test hammers, in a process of its own: a request that spins
 * the event loop must not hang the test runner with it, only make this process stop answering.
 * Builds the real app on a fresh in-memory PGlite with a bootstrapped expert, signs a seller up
 * and verifies the phone through the API (the code read from /dev/outbox, as a person reads it),
 * listens on a free loopback port and prints one JSON line with the port and both access tokens.
 * It imports nothing from vitest, which refuses to load outside its runner.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { testEnv } from './test-env.ts';

const expert = { email: 'uzman@worq.local', password: 'Uzman1234' };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-read-fuzz-'));
const config = loadConfig(testEnv(dataDir, { BOOTSTRAP_EXPERT_EMAIL: expert.email, BOOTSTRAP_EXPERT_PASSWORD: expert.password }));
const database = await openDatabase({ pgliteDir: 'memory://' });
const app = await buildApp({ config, database, logger: false });
await app.ready();

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object, token?: string): Promise<T> {
  const response = await app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

const phone = `5${String(Date.now()).slice(-9)}`;
const registered = await call<{ jwt_token: string }>('POST', '/auth/register_customer', {
  first_name: 'Ayşe',
  last_name: 'Yılmaz',
  email: `fuzz-${Date.now()}@example.com`,
  password: 'Parola123',
  phone_number: phone,
  consents: { disclosure: true, explicit_consent: true, commercial_electronic_message: false },
});
const outbox = await call<Array<{ body: string }>>('GET', `/dev/outbox?to=${phone}`);
const code = outbox[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
const verified = await call<{ jwt_token: string }>('POST', '/auth/otp/verify', { code }, registered.jwt_token);
const claims = JSON.parse(Buffer.from(verified.jwt_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { customer_id: string };
const signedIn = await call<{ jwt_token: string }>('POST', '/auth/login', expert);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({ port, sellerToken: verified.jwt_token, customerId: claims.customer_id, expertToken: signedIn.jwt_token })}\n`,
);

const stop = () =>
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop).resume();
