// Where the app's extra time per GET /customer/get_user_info goes, layer by layer, on PGlite.
// Not part of the pass/fail benchmark: run it when run.ts shows the app below target.
// Usage: node --import tsx bench/api-read/profile.ts
//
// Part 1 times each per-request step on its own (CPU µs per call, median of interleaved rounds).
// Part 2 builds Fastify apps that add the real app's layers one at a time on top of the minimal
// handler and times one request at a time through app.inject (no sockets). The query is replaced
// by an already-read row there (also inside the real app, through a proxy on the database), so
// what remains is each layer's CPU cost per request, not the database's.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { pickLanguage } from '@worq/domain/language';
import { buildApp, requestIdFor } from '../../apps/api/src/app.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { customers } from '../../apps/api/src/db/schema.ts';
import { findCustomerById } from '../../apps/api/src/modules/auth/customer-repository.ts';
import { accessClaimsOf } from '../../apps/api/src/modules/auth/sessions.ts';
import { userInfoOf } from '../../apps/api/src/modules/customer/service.ts';
import authPlugin from '../../apps/api/src/plugins/auth.ts';
import errorsPlugin from '../../apps/api/src/plugins/errors.ts';
import { seededTermsVersion } from '../../apps/api/src/db/terms-content.ts';
import { benchConfig, productionEnv } from '../common.ts';

const rounds = 7;
const microCalls = 2_000;
const injectCalls = 2_000;

// A copy of the response schema in modules/customer/routes.ts (it is not exported there).
const consentRecord = z.object({ accepted: z.boolean(), term_version: z.number().int().nullable(), accepted_at: z.string().nullable() });
const userInfo = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  consents: z.object({ disclosure: consentRecord, explicit_consent: consentRecord, commercial_electronic_message: consentRecord }),
  created_at: z.string(),
  preferred_language: z.enum(['tr', 'en']),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU µs per call of each function, interleaved round by round so background load hits all alike. */
async function timeEach(cases: Array<[string, () => unknown]>, calls: number): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of cases) {
      for (let i = 0; i < Math.min(200, calls); i++) await fn();
      // CPU time of this process, not wall time: on a busy machine, time spent descheduled would
      // otherwise land on whichever case happened to be running.
      const started = process.cpuUsage();
      for (let i = 0; i < calls; i++) await fn();
      const used = process.cpuUsage(started);
      samples.get(name)!.push((used.user + used.system) / calls);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-profile-'));
  const real: Database = await openDatabase({ pgliteDir: 'memory://' });
  // Once `stubbed` is set, the customer read (select … from customers where … limit, run as it is or
  // prepared) answers with the row read earlier, without a query. Other reads go to the database.
  let stubbed = false;
  let stubRow: unknown;
  interface Runnable extends PromiseLike<unknown[]> {
    prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown[]> };
  }
  const stubbable = (query: Runnable) => ({
    then: (resolve: (rows: unknown[]) => unknown, reject: (error: unknown) => unknown) =>
      (stubbed ? Promise.resolve([stubRow]) : query).then(resolve, reject),
    prepare: (name: string) => {
      const prepared = query.prepare(name);
      return { execute: (values?: Record<string, unknown>) => (stubbed ? Promise.resolve([stubRow]) : prepared.execute(values)) };
    },
  });
  const select = (fields?: never) => {
    const query = fields === undefined ? real.db.select() : real.db.select(fields);
    return {
      from: (table: typeof customers) => {
        const from = query.from(table);
        if (table !== customers) return from;
        return { where: (condition: never) => ({ limit: (count: number) => stubbable(from.where(condition).limit(count) as never) }) };
      },
    };
  };
  const database: Database = {
    ...real,
    db: new Proxy(real.db, {
      get: (target, property, receiver) => (property === 'select' ? select : Reflect.get(target, property, receiver)),
    }),
  };
  const apps: FastifyInstance[] = [];
  try {
    const config = benchConfig(dataDir, productionEnv);
    const app = await buildApp({ config, database, logger: false });
    apps.push(app);
    const consent = { accepted: true, term_version: seededTermsVersion, accepted_at: new Date().toISOString() };
    const [row] = await database.db
      .insert(customers)
      .values({
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        email: 'bench-profile@example.com',
        phoneNumber: '5321234567',
        isPhoneVerified: true,
        consents: {
          disclosure: consent,
          explicit_consent: consent,
          commercial_electronic_message: { accepted: false, term_version: null, accepted_at: null },
        },
      })
      .returning();
    const customer = row!;
    const token = await app.signAccessToken(accessClaimsOf(customer));
    stubRow = customer;
    const info = await userInfoOf(database.db, customer, 'tr');
    const secret = new TextEncoder().encode(config.jwtSecret);
    const cryptoKey = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    const [signingInput, signature] = [token.slice(0, token.lastIndexOf('.')), token.slice(token.lastIndexOf('.') + 1)];
    const expected = Buffer.from(signature, 'base64url');
    const nodeHmacVerify = () => {
      const actual = createHmac('sha256', secret).update(signingInput).digest();
      if (!timingSafeEqual(actual, expected)) throw new Error('bad signature');
      return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as unknown;
    };
    const serialize = serializerCompiler({ schema: userInfo, method: 'GET', url: '/customer/get_user_info' } as never) as (
      data: unknown,
    ) => string;

    console.log('Part 1: each step on its own (CPU µs per call, median of 7 interleaved rounds)');
    const micro = await timeEach(
      [
        ['primary-key query (findCustomerById, PGlite)', () => findCustomerById(database.db, customer.id)],
        ['JWT verify (app.verifyAccessToken)', () => app.verifyAccessToken(token)],
        ['JWT verify, jose with a CryptoKey imported once', () => jwtVerify(token, cryptoKey, { algorithms: ['HS256'] })],
        ['JWT verify, node:crypto HMAC (signature + JSON only)', nodeHmacVerify],
        ['response: zod safeParse + JSON.stringify', () => serialize(info)],
        ['response: JSON.stringify only', () => JSON.stringify(info)],
        ['minimal: JSON.stringify of the row', () => JSON.stringify(customer)],
        ['request id (randomUUID)', () => randomUUID()],
        ['language (pickLanguage)', () => pickLanguage('tr-TR,tr;q=0.9,en;q=0.8')],
      ],
      microCalls,
    );
    for (const [name, us] of micro) console.log(`  ${us.toFixed(1).padStart(8)} µs  ${name}`);

    // Part 2: the real app's layers added one at a time.
    const route = '/customer/get_user_info';
    const handler = async (request: { user: { customer_id: string } | null }) => {
      const found = await findCustomerById(database.db, request.user?.customer_id ?? customer.id);
      return userInfoOf(database.db, found!, 'tr');
    };
    const layered = async (layers: { zod?: boolean; auth?: boolean; hooks?: boolean; helmet?: boolean }) => {
      const instance = Fastify({
        logger: false,
        ...(layers.hooks ? { requestIdHeader: false as const, genReqId: requestIdFor } : {}),
      }).withTypeProvider<ZodTypeProvider>();
      instance.setValidatorCompiler(validatorCompiler);
      instance.setSerializerCompiler(serializerCompiler);
      if (layers.hooks) {
        instance.addHook('onSend', async (request, reply) => {
          reply.header('x-request-id', request.id);
        });
        await instance.register(errorsPlugin);
      }
      if (layers.helmet)
        await instance.register(helmet, { strictTransportSecurity: true, crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' } });
      await instance.register(authPlugin, { secret: config.jwtSecret });
      instance.get(
        route,
        { ...(layers.auth ? { preHandler: instance.requireAuth } : {}), schema: layers.zod ? { response: { 200: userInfo } } : {} },
        handler as never,
      );
      await instance.ready();
      apps.push(instance);
      return instance;
    };
    const minimal = Fastify({ logger: false });
    minimal.get('/customer/:id', async (request) => findCustomerById(database.db, (request.params as { id: string }).id));
    await minimal.ready();
    apps.push(minimal);

    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'tr' };
    const variants: Array<[string, FastifyInstance, string]> = [
      ['minimal handler (row as JSON), query stubbed', minimal, `/customer/${customer.id}`],
      ['+ userInfoOf mapping', await layered({}), route],
      ['+ zod response schema', await layered({ zod: true }), route],
      ['+ auth preHandler (JWT verify)', await layered({ zod: true, auth: true }), route],
      ['+ request id, language hook, onSend hook', await layered({ zod: true, auth: true, hooks: true }), route],
      ['+ helmet', await layered({ zod: true, auth: true, hooks: true, helmet: true }), route],
      ['real app (buildApp), query stubbed', app, `/api/v1${route}`],
    ];
    stubbed = true;
    for (const [name, instance, url] of variants) {
      const response = await instance.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`${name}: HTTP ${response.statusCode} ${response.body}`);
    }
    console.log('\nPart 2: one request at a time through app.inject, query stubbed, layers added in turn (CPU µs per request)');
    const layeredTimes = await timeEach(
      variants.map(([name, instance, url]) => [name, () => instance.inject({ method: 'GET', url, headers })]),
      injectCalls,
    );
    let previous: number | undefined;
    const base = layeredTimes.get(variants[0]![0])!;
    for (const [name, us] of layeredTimes) {
      const delta = previous === undefined ? '' : `  (${us - previous >= 0 ? '+' : ''}${(us - previous).toFixed(1)})`;
      console.log(`  ${us.toFixed(1).padStart(8)} µs  ${(base / us).toFixed(2)}×  ${name}${delta}`);
      previous = us;
    }
  } finally {
    for (const instance of apps.reverse()) await instance.close().catch(() => {});
    await real.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
