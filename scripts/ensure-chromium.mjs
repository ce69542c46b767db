// The e2e suite drives Debian's Chromium (playwright-core never downloads a browser, see
// docs/decisions/002-node-test-runner-for-e2e.md). This makes sure it is there before the suite
// runs: installs it when we may (root), otherwise says exactly what to run. It never skips.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = '/usr/bin/chromium';
const manualCommand = 'sudo apt-get update && sudo apt-get install -y chromium';

if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`${chromium} is missing. The end-to-end tests need Debian's Chromium. Install it with:\n\n  ${manualCommand}\n`);
  process.exit(1);
}

console.log(`${chromium} is missing; installing Debian's chromium package…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.error || result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed${result.error ? `: ${result.error.message}` : ` (exit ${result.status})`}.`);
    process.exit(1);
  }
}

if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
console.log(`Installed ${chromium}.`);
