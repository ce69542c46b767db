// Scale-out benchmark (issue 15): requests per second of a read route (GET /customer/get_user_info)
// and a write route (POST /gpp/upsert, a plan saved again) through nginx with 1, 2 and 3 API
// processes on one throwaway PostgreSQL, each count on a fresh database. The load generator is a
// child process; everything shares this machine's cores, which the result names.
// Writes the table into bench/README.md. Usage (root, nginx and PostgreSQL installed):
//   npm run bench:scale        knobs: BENCH_SCALE_DURATION_MS (8000), BENCH_SCALE_CONCURRENCY (64)
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoadInChild, type LoadRequest, type Run } from '../api-read/load.ts';
import { startPostgres } from '../api-read/postgres.ts';
import { startDeployment } from '../cluster/deployment.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const durationMs = Number(process.env.BENCH_SCALE_DURATION_MS ?? 8_000);
const concurrency = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 64);
const sellerCount = 32;

async function api(base: string, method: string, route: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

/** A verified seller with an application, made the way the screens do it; returns the token and the application. */
async function seller(base: string, index: number): Promise<{ token: string; applicationId: string }> {
  const email = `scale-${Date.now().toString(36)}-${index}@example.com`;
  const phone = `54${String(index).padStart(8, '0')}`;
  const registered = await api(base, 'POST', '/auth/register_customer', null, {
    first_name: 'Deniz',
    last_name: 'Ölçek',
    email,
    password: 'Baslangic1',
    phone_number: phone,
    consents: { disclosure: true, explicit_consent: false, commercial_electronic_message: false },
  });
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt++) {
    const outbox = (await fetch(`${base}/api/v1/dev/outbox?to=${phone}`).then((response) => response.json())) as {
      channel: string;
      body: string;
    }[];
    code = /\b\d{6}\b/.exec(outbox.find((message) => message.channel === 'sms')?.body ?? '')?.[0];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await api(base, 'POST', '/auth/otp/verify', registered.jwt_token as string, { code });
  const { jwt_token: token } = (await api(base, 'POST', '/auth/login', null, { email, password: 'Baslangic1' })) as { jwt_token: string };
  const application = await api(base, 'POST', '/application/start_application', token, {});
  return { token, applicationId: application.id as string };
}

interface Row {
  processes: number;
  read: Run;
  write: Run;
}

async function measure(processes: number): Promise<Row> {
  const availability = await startPostgres();
  if ('skipped' in availability) throw new Error(availability.skipped);
  const database = availability.server;
  const deployment = await startDeployment({ databaseUrl: database.url, processes }).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  try {
    const base = deployment.proxyUrl;
    const port = Number(new URL(base).port);
    const sellers = [];
    for (let index = 0; index < sellerCount; index++) sellers.push(await seller(base, index));
    const reads: LoadRequest[] = sellers.map(({ token }) => ({
      path: '/api/v1/customer/get_user_info',
      headers: { authorization: `Bearer ${token}` },
    }));
    const writes: LoadRequest[] = sellers.map(({ token, applicationId }, index) => ({
      path: '/api/v1/gpp/upsert',
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({
        application_id: applicationId,
        average_monthly_turnover: 50_000_000 + index * 100,
        estimated_stock_purchase_amount: 40_000_000,
        estimated_sales_turnover: 60_000_000,
        duration_weeks: 6,
        payment_start_week: 2,
      }),
    }));
    const options = { port, concurrency, warmupMs: 2_000, durationMs, maxRequests: 2_000_000 };
    const read = await runLoadInChild({ ...options, requests: reads });
    if (read.failures > 0) throw new Error(`read: ${read.failures} failures, first: ${read.firstFailure}`);
    const write = await runLoadInChild({ ...options, requests: writes });
    if (write.failures > 0) throw new Error(`write: ${write.failures} failures, first: ${write.firstFailure}`);
    console.log(
      `${processes} process(es): read ${read.rps.toFixed(0)}/s p99 ${read.p99Ms.toFixed(1)} ms; write ${write.rps.toFixed(0)}/s p99 ${write.p99Ms.toFixed(1)} ms`,
    );
    return { processes, read, write };
  } finally {
    await deployment.stop();
    await database.stop();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const processes of [1, 2, 3]) rows.push(await measure(processes));
  const [one] = rows;
  const line = (row: Row, run: Run, base: Run) =>
    `${run.rps.toFixed(0)}/s (×${(run.rps / base.rps).toFixed(2)}), p99 ${run.p99Ms.toFixed(1)} ms`;
  const table = [
    `Last run ${new Date().toISOString().slice(0, 10)} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'cpu'}), ${concurrency} connections through nginx, ${durationMs / 1000} s per route after a 2 s warm-up; load generator, nginx and PostgreSQL on the same cores.`,
    '',
    '| API processes | read: GET /customer/get_user_info | write: POST /gpp/upsert |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.processes} | ${line(row, row.read, one!.read)} | ${line(row, row.write, one!.write)} |`),
  ].join('\n');
  const readme = readFileSync(readmeFile, 'utf8');
  const block = `<!-- scale:start -->\n${table}\n<!-- scale:end -->`;
  writeFileSync(
    readmeFile,
    readme.includes('<!-- scale:start -->')
      ? readme.replace(/<!-- scale:start -->[\s\S]*<!-- scale:end -->/, block)
      : `${readme.trimEnd()}\n\n${block}\n`,
  );
  console.log(table);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
