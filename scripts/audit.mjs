#!/usr/bin/env node
/**
 * `npm audit --omit=dev` for CI with a documented allow-list (.ci/audit-allowlist.json: advisory id
 * → why it does not apply, and until when). Fails on any advisory of a production dependency that is
 * not on the list. The audit needs the registry: when it cannot be reached the check warns and
 * passes, so an offline build is not blocked by a network failure (docs/security.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const allowList = JSON.parse(readFileSync(path.join(root, '.ci', 'audit-allowlist.json'), 'utf8'));
const allowed = new Set(Object.keys(allowList.advisories ?? {}));

// `--report file.json` checks a saved `npm audit --json` answer instead (to try the allow-list offline).
const saved = process.argv.indexOf('--report');
const run =
  saved !== -1
    ? { stdout: readFileSync(process.argv[saved + 1], 'utf8'), stderr: '' }
    : spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = undefined;
}
if (!report || report.error || !report.vulnerabilities) {
  const reason = report?.message || report?.error?.summary || run.stderr?.trim().split('\n').slice(-1)[0] || 'no answer';
  console.warn(`npm audit could not run (${reason}); skipping the dependency audit.`);
  process.exit(0);
}

/** The advisory id of one finding: GHSA-… from its address, else npm's numeric source. */
const advisoryId = (via) => (typeof via.url === 'string' && /GHSA-[\w-]+/.exec(via.url)?.[0]) || String(via.source);

const findings = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
  for (const via of vulnerability.via ?? []) {
    // A string names another vulnerable package; its own entry carries the advisory.
    if (typeof via !== 'object') continue;
    findings.push({ name, id: advisoryId(via), severity: via.severity, title: via.title });
  }
}
const unexpected = findings.filter((finding) => !allowed.has(finding.id));
for (const finding of findings.filter((finding) => allowed.has(finding.id))) {
  console.log(`allowed: ${finding.id} in ${finding.name} (${allowList.advisories[finding.id]})`);
}
if (unexpected.length > 0) {
  for (const finding of unexpected) console.error(`advisory ${finding.id} (${finding.severity}) in ${finding.name}: ${finding.title}`);
  console.error('Update the dependency, or add the advisory to .ci/audit-allowlist.json with the reason it does not apply.');
  process.exit(1);
}
console.log(`npm audit --omit=dev: no advisory outside the allow-list (${findings.length} allowed).`);
