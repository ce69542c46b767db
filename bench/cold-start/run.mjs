// Cold start (issue 14): time from spawning the server to its first 200 on /api/v1/health, for the
// compiled server `npm start` runs (apps/api/dist/server.js) and for the sources through tsx, on the
// embedded defaults (PGlite). "First start" has an empty data folder (database created and
// migrated); "restart" starts again on the folder the first start left, as a deployed checkout
// does. Each is the median of BENCH_COLD_RUNS (5) runs. Writes the table into bench/README.md.
// Usage: npm run build && node bench/cold-start/run.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const runs = Number(process.env.BENCH_COLD_RUNS ?? 5);
const target = 2_000;

const variants = [
  { name: 'compiled (npm start)', args: ['--enable-source-maps', 'apps/api/dist/server.js'] },
  { name: 'sources through tsx', args: ['--import', 'tsx', 'apps/api/src/server.ts'] },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawn to the first 200 on /api/v1/health; the server is stopped afterwards. */
async function timeToHealthy(args, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DELIVERY: 'outbox',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.slice(-500)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('not healthy within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!existsSync(path.join(repoRoot, 'apps/api/dist/server.js'))) {
  console.error('apps/api/dist/server.js is missing: run `npm run build` first');
  process.exit(1);
}
const rows = [];
for (const variant of variants) {
  const first = [];
  const restart = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-cold-'));
    try {
      first.push(await timeToHealthy(variant.args, dataDir));
      restart.push(await timeToHealthy(variant.args, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  rows.push({ name: variant.name, first: median(first), restart: median(restart) });
  console.log(`${variant.name}: first start ${median(first).toFixed(0)} ms, restart ${median(restart).toFixed(0)} ms`);
}
const compiled = rows[0];
const table = [
  `Last run ${new Date().toISOString().slice(0, 10)} on ${os.availableParallelism()} cores, median of ${runs}; PGlite, outbox, sandbox.`,
  '',
  '| server | first start (empty data folder) | restart (existing data) | target (restart) | result |',
  '|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.first.toFixed(0)} ms | ${row.restart.toFixed(0)} ms | ≤ ${target} ms | ${row === compiled ? (row.restart <= target ? 'pass' : 'fail') : 'info'} |`,
  ),
].join('\n');
const readme = readFileSync(readmeFile, 'utf8');
const block = `<!-- cold-start:start -->\n${table}\n<!-- cold-start:end -->`;
writeFileSync(
  readmeFile,
  readme.includes('<!-- cold-start:start -->')
    ? readme.replace(/<!-- cold-start:start -->[\s\S]*<!-- cold-start:end -->/, block)
    : `${readme.trimEnd()}\n\n## Cold start (\`npm run bench:cold-start\`)\n\n\`bench/cold-start/run.mjs\`: spawn to the first 200 on \`/api/v1/health\`, the compiled server against the\nsources through tsx, with an empty data folder and again on the folder it left.\n\n${block}\n`,
);
console.log(table);
if (compiled.restart > target) process.exitCode = 1;
