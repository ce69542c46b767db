// Fault test (issue 15, ARCHITECTURE.md §7): three API processes behind nginx on a throwaway
// PostgreSQL cluster, under load from 20 sellers (sign-up, phone code, profile reads, store
// connections that run as background tasks). Mid-run PostgreSQL restarts, later one API process is
// killed with SIGKILL. Afterwards:
// - every acknowledged write is there (each sign-up answered 200 has its account; each connection
//   answered 202 has its task);
// - no task stays pending or running (the killed process's tasks are finished by the others);
// - outside the restart window nothing failed; inside it the API answered 503 in the error
//   envelope, never a bare 500.
// Writes the figures into bench/README.md and exits 1 when a check fails.
// Usage (root, with nginx and PostgreSQL installed): npm run bench:faults
// Knobs: BENCH_FAULT_SELLERS (20), BENCH_FAULT_SECONDS (60).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgres } from '../api-read/postgres.ts';
import { startDeployment, type Deployment } from '../cluster/deployment.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const sellers = Number(process.env.BENCH_FAULT_SELLERS ?? 20);
const seconds = Number(process.env.BENCH_FAULT_SECONDS ?? 60);
/** After the database is back, requests already queued may still fail for this long. */
const settleMs = 5_000;

interface Outcome {
  at: number;
  route: string;
  status: number;
  /** An answer in the API's error envelope ({ errors: { message, code } }). */
  envelope: boolean;
}

/** A parsed JSON answer, or null for a body that is not JSON (nginx's own error pages). */
type Body = Record<string, unknown> | unknown[] | null;

/** The text field `key` of an object answer. */
function textOf(body: Body, key: string): string | undefined {
  const value = body && !Array.isArray(body) ? body[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The API's error envelope: { errors: { message, code } }. */
function isEnvelope(body: Body): boolean {
  const errors = (body && !Array.isArray(body) ? body.errors : undefined) as Record<string, unknown> | undefined;
  return typeof errors?.message === 'string' && typeof errors.code === 'string';
}

/** The six-digit code of the newest SMS in an outbox answer (newest first). */
function smsCode(body: Body): string | undefined {
  if (!Array.isArray(body)) return undefined;
  const sms = body.find((message) => (message as { channel?: unknown }).channel === 'sms') as { body?: unknown } | undefined;
  return sms ? /\b\d{6}\b/.exec(String(sms.body))?.[0] : undefined;
}

const outcomes: Outcome[] = [];
const acknowledgedEmails: string[] = [];
const acknowledgedTasks: string[] = [];
/** Per application, the turnover of the last plan save the API acknowledged. */
const acknowledgedPlans = new Map<string, number>();
let marketplaceId = '';

async function call(
  base: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: Body }> {
  const at = Date.now();
  try {
    const response = await fetch(`${base}/api/v1${route}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'accept-language': 'tr',
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let json: Body = null;
    try {
      json = JSON.parse(text) as Body;
    } catch {
      // nginx's own error pages are HTML
    }
    outcomes.push({ at, route: route.split('?')[0]!, status: response.status, envelope: isEnvelope(json) });
    return { status: response.status, json };
  } catch {
    outcomes.push({ at, route: route.split('?')[0]!, status: 0, envelope: false });
    return { status: 0, json: null };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seller(base: string, index: number, stopAt: number): Promise<void> {
  const tag = `${Date.now().toString(36)}${index}`;
  const email = `fault-${tag}@example.com`;
  const phone = `53${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  let token: string | null = null;
  while (!token && Date.now() < stopAt) {
    const registered = await call(base, 'POST', '/auth/register_customer', null, {
      first_name: 'Deniz',
      last_name: 'Yük',
      email,
      password: 'Baslangic1',
      phone_number: phone,
      consents: { disclosure: true, explicit_consent: false, commercial_electronic_message: false },
    });
    if (registered.status === 200 || registered.status === 201) {
      acknowledgedEmails.push(email);
      token = textOf(registered.json, 'jwt_token') ?? null;
    } else if (registered.status === 409 || registered.status === 400) {
      // A retry after an answer that was lost: the account exists; sign in instead.
      const login = await call(base, 'POST', '/auth/login', null, { email, password: 'Baslangic1' });
      if (login.status === 200) token = textOf(login.json, 'jwt_token') ?? null;
    }
    if (!token) await pause(500);
  }
  let verified = false;
  while (!verified && token && Date.now() < stopAt) {
    const outbox = await call(base, 'GET', `/dev/outbox?to=${phone}`, null);
    const code = smsCode(outbox.json);
    if (code) {
      const result = await call(base, 'POST', '/auth/otp/verify', token, { code });
      // A fresh sign-in carries the verified phone in the token.
      const login = result.status === 200 ? await call(base, 'POST', '/auth/login', null, { email, password: 'Baslangic1' }) : null;
      if (login?.status === 200) {
        verified = true;
        token = textOf(login.json, 'jwt_token') ?? null;
      }
    }
    if (!verified) await pause(500);
  }
  let applicationId: string | undefined;
  while (verified && !applicationId && Date.now() < stopAt) {
    const started = await call(base, 'POST', '/application/start_application', token, { cancel_existing: true });
    applicationId = textOf(started.json, 'id');
    if (!applicationId) await pause(500);
  }
  // Writes all the way through: the plan is saved again and again with a growing turnover, and now
  // and then another store is connected.
  let round = 0;
  let store = 0;
  while (applicationId && Date.now() < stopAt) {
    round++;
    await call(base, 'GET', '/customer/get_user_info', token);
    const turnover = 50_000_000 + round * 100;
    const saved = await call(base, 'POST', '/gpp/upsert', token, {
      application_id: applicationId,
      average_monthly_turnover: turnover,
      estimated_stock_purchase_amount: 40_000_000,
      estimated_sales_turnover: 60_000_000,
      duration_weeks: 6,
      payment_start_week: 2,
    });
    if (saved.status === 200) acknowledgedPlans.set(applicationId, turnover);
    if (round % 12 === 1 && store < 15) {
      const connected = await call(base, 'POST', '/marketplace/integration/upsert', token, {
        marketplace_id: marketplaceId,
        store_name: `Yük Mağaza ${store + 1}`,
        credentials: { seller_id: String(700_000 + index * 10 + store), api_key: 'sandbox', api_secret: 'sandbox' },
      });
      if (connected.status === 202) {
        acknowledgedTasks.push(textOf(connected.json, 'request_id') ?? '');
        store++;
      }
    }
    await pause(200);
  }
}

async function main(): Promise<void> {
  const availability = await startPostgres();
  if ('skipped' in availability) throw new Error(`needs a throwaway PostgreSQL cluster: ${availability.skipped}`);
  const database = availability.server;
  if (!database.restart)
    throw new Error('the fault test restarts PostgreSQL, which only a throwaway cluster (root, no BENCH_DATABASE_URL) allows');
  let deployment: Deployment | undefined;
  try {
    deployment = await startDeployment({ databaseUrl: database.url, processes: 3, env: { SANDBOX_DELAY_MS: '300' } });
    const base = deployment.proxyUrl;
    const lookup = new pg.Client({ connectionString: database.url });
    await lookup.connect();
    marketplaceId = (await lookup.query("select id from marketplaces where code = 'trendyol'")).rows[0].id;
    await lookup.end();

    const startedAt = Date.now();
    const stopAt = startedAt + seconds * 1000;
    const load = Promise.all(Array.from({ length: sellers }, (_, index) => seller(base, index, stopAt)));

    // The database restarts a quarter of the way in; the outage lasts as long as the restart.
    await pause(seconds * 250);
    const restartFrom = Date.now();
    await database.restart();
    const restartTo = Date.now() + settleMs;
    console.log(`PostgreSQL restarted in ${Date.now() - restartFrom} ms`);

    // Then, halfway, one API process dies without a chance to clean up.
    await pause(Math.max(0, startedAt + seconds * 500 - Date.now()));
    const victimPort = deployment.ports[1]!;
    const victim = deployment.pidOn(victimPort);
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    console.log(`killed the process on port ${victimPort} (pid ${victim})`);
    await load;

    // Every acknowledged task finishes (a killed process's lease expires, another takes it over).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let unfinished = Infinity;
    const waitUntil = Date.now() + 180_000;
    while (Date.now() < waitUntil) {
      unfinished = (
        await client.query(
          "select count(*)::int as n from background_tasks where id = any($1::uuid[]) and status in ('pending', 'running')",
          [acknowledgedTasks],
        )
      ).rows[0].n;
      if (unfinished === 0) break;
      await pause(1_000);
    }
    const tasksFound = (
      await client.query('select count(*)::int as n from background_tasks where id = any($1::uuid[])', [acknowledgedTasks])
    ).rows[0].n;
    const succeeded = (
      await client.query("select count(*)::int as n from background_tasks where id = any($1::uuid[]) and status = 'succeeded'", [
        acknowledgedTasks,
      ])
    ).rows[0].n;
    const plans = (
      await client.query(
        'select application_id, average_monthly_turnover::bigint as turnover from plans where application_id = any($1::uuid[])',
        [[...acknowledgedPlans.keys()]],
      )
    ).rows as { application_id: string; turnover: string }[];
    // A save whose answer was lost may have landed after the last acknowledged one: never less.
    const plansKept = plans.filter((plan) => Number(plan.turnover) >= acknowledgedPlans.get(plan.application_id)!).length;
    const planSaves = outcomes.filter((outcome) => outcome.route === '/gpp/upsert' && outcome.status === 200).length;
    const accounts = (await client.query('select count(*)::int as n from customers where email = any($1::text[])', [acknowledgedEmails]))
      .rows[0].n;
    await client.end();

    const inRestart = (outcome: Outcome) => outcome.at >= restartFrom && outcome.at <= restartTo;
    const inKill = (outcome: Outcome) => outcome.at >= killedAt - 1_000 && outcome.at <= killedAt + settleMs;
    const failed = (outcome: Outcome) => outcome.status === 0 || outcome.status >= 500;
    const outside = outcomes.filter((outcome) => failed(outcome) && !inRestart(outcome) && !inKill(outcome));
    const restartFailures = outcomes.filter((outcome) => failed(outcome) && inRestart(outcome));
    const bare500 = outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 502 && !outcome.envelope);
    const killFailures = outcomes.filter((outcome) => failed(outcome) && inKill(outcome) && !inRestart(outcome));
    const checks = [
      {
        name: 'acknowledged sign-ups present',
        pass: accounts === acknowledgedEmails.length,
        detail: `${accounts} of ${acknowledgedEmails.length}`,
      },
      {
        name: 'acknowledged plan saves kept (latest value)',
        pass: plansKept === acknowledgedPlans.size,
        detail: `${plansKept} of ${acknowledgedPlans.size} plans; ${planSaves} saves acknowledged`,
      },
      {
        name: 'acknowledged store connections present',
        pass: tasksFound === acknowledgedTasks.length,
        detail: `${tasksFound} of ${acknowledgedTasks.length}`,
      },
      { name: 'tasks left pending or running', pass: unfinished === 0, detail: `${unfinished} (${succeeded} succeeded)` },
      {
        name: 'failed requests outside the fault windows',
        pass: outside.length === 0,
        detail: `${outside.length} of ${outcomes.length}${outside.length ? `: ${summary(outside)}` : ''}`,
      },
      {
        name: 'answers during the restart',
        pass: bare500.length === 0,
        detail: `${restartFailures.length} failed (${summary(restartFailures)}), none outside the error envelope: ${bare500.length === 0}`,
      },
      {
        name: 'failed requests when the process was killed',
        pass: true,
        detail: `${killFailures.length}${killFailures.length ? ` (${summary(killFailures)}): requests in flight on the killed process` : ''}`,
      },
    ];
    for (const outcome of [...outcomes.filter(failed).slice(0, 5), ...outside]) {
      console.log(
        `  ${outcome.status}${outcome.envelope ? ' envelope' : ''} ${outcome.route} at ${outcome.at - startedAt} ms (restart ${restartFrom - startedAt}–${restartTo - startedAt}, kill ${killedAt - startedAt})`,
      );
    }
    for (const check of checks) console.log(`${check.pass ? 'pass' : 'FAIL'}  ${check.name}: ${check.detail}`);
    writeResults(
      checks,
      `${sellers} sellers, ${seconds} s, ${outcomes.length} requests; PostgreSQL restart took ${restartTo - settleMs - restartFrom} ms`,
    );
    if (checks.some((check) => !check.pass)) process.exitCode = 1;
  } finally {
    await deployment?.stop();
    await database.stop();
  }
}

function summary(list: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of list)
    counts.set(
      `${outcome.status}${outcome.envelope ? ' envelope' : ''}`,
      (counts.get(`${outcome.status}${outcome.envelope ? ' envelope' : ''}`) ?? 0) + 1,
    );
  return [...counts].map(([key, count]) => `${count}× ${key}`).join(', ');
}

function writeResults(checks: { name: string; pass: boolean; detail: string }[], context: string): void {
  const date = new Date().toISOString().slice(0, 10);
  const table = [
    `Last run ${date}: ${context}.`,
    '',
    '| check | result | detail |',
    '|---|---|---|',
    ...checks.map((check) => `| ${check.name} | ${check.pass ? 'pass' : 'fail'} | ${check.detail} |`),
  ].join('\n');
  const readme = readFileSync(readmeFile, 'utf8');
  const block = `<!-- faults:start -->\n${table}\n<!-- faults:end -->`;
  const next = readme.includes('<!-- faults:start -->')
    ? readme.replace(/<!-- faults:start -->[\s\S]*<!-- faults:end -->/, block)
    : `${readme.trimEnd()}\n\n${block}\n`;
  writeFileSync(readmeFile, next);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
