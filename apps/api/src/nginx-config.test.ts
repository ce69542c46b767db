/*
 * The nginx configuration of deploy/nginx/render.mjs (docs/deployment.md "Scale-out"): no secret
 * query value in the access log, no retry of a request that timed out, and a --standalone folder
 * that stays one path whatever characters it holds. Where nginx is installed (CI), the rendered
 * file is checked by nginx itself and a request's access line is read back.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoDir = fileURLToPath(new URL('../../..', import.meta.url));
const renderScript = path.join(repoDir, 'deploy/nginx/render.mjs');
const hasNginx = spawnSync('nginx', ['-v']).status === 0;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

function render(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [renderScript, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function rendered(args: string[]): string {
  const result = render(args);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

/** The arguments of every `name …;` directive in the file, comments left out. */
function directives(config: string, name: string): string[] {
  return config
    .split('\n')
    .map((line) => line.replace(/^\s+/, ''))
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1));
}

/** A folder under the system's temporary one whose last part is `name`, removed after the file's tests. */
function tempFolder(name: string): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'worq-nginx-'));
  // nginx's workers may run as another user (nobody when started as root): they pass through.
  chmodSync(parent, 0o711);
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  const dir = path.join(parent, name);
  mkdirSync(dir);
  chmodSync(dir, 0o711);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A folder name with everything that could end an unquoted nginx argument or a quoted one. */
const awkwardName = `a b "q"; } { x'y #z \\w`;

describe('deploy/nginx/render.mjs', () => {
  it('logs the path without its query string and never the referrer', () => {
    for (const config of [rendered([]), rendered(['--standalone', tempFolder('logs')])]) {
      const [format] = directives(config, 'log_format');
      expect(format).toMatch(/^worq_no_query /);
      // The whole format: it spans two lines, both quoted pieces of one directive.
      const formatText = config.slice(
        config.indexOf('log_format worq_no_query'),
        config.indexOf(';', config.indexOf('log_format worq_no_query')),
      );
      expect(formatText).toContain('$uri');
      for (const leaky of ['$request ', '$request"', '$request_uri', '$args', '$query_string', '$arg_', '$http_referer']) {
        expect(formatText).not.toContain(leaky);
      }
      // Every access log of the file uses that format (the site's own, not the http block's combined).
      const accessLogs = directives(config, 'access_log');
      expect(accessLogs).toHaveLength(1);
      expect(accessLogs[0]).toMatch(/ worq_no_query;$/);
      expect(config.indexOf('access_log')).toBeGreaterThan(config.indexOf('server {'));
    }
  });

  it('passes a request to the next process only on a connection error, never after a timeout', () => {
    const config = rendered(['--processes', '3']);
    expect(directives(config, 'proxy_next_upstream')).toEqual(['error;']);
    expect(directives(config, 'proxy_next_upstream_tries')).toEqual(['3;']);
    expect(directives(config, 'proxy_next_upstream_timeout')).toEqual(['10s;']);
    // One process has nowhere else to go.
    expect(directives(rendered(['--processes', '1']), 'proxy_next_upstream_tries')).toEqual(['1;']);
    expect(config).not.toMatch(/non_idempotent/);
  });

  it('is what deploy/nginx/worq-portal.conf holds for three processes', () => {
    const checkedIn = readFileSync(path.join(repoDir, 'deploy/nginx/worq-portal.conf'), 'utf8');
    expect(rendered(['--processes', '3', '--base-port', '8081', '--listen', '8080'])).toBe(checkedIn);
  });

  it('writes a --standalone folder with spaces, quotes, semicolons or braces as one quoted path', () => {
    const dir = tempFolder(awkwardName);
    const config = rendered(['--standalone', dir]);
    const quoted = `"${dir.replace(/[\\"]/g, (character) => `\\${character}`)}`;
    for (const [name, file] of [
      ['pid', 'nginx.pid'],
      ['error_log', 'error.log'],
      ['access_log', 'access.log'],
      ['client_body_temp_path', 'client_body'],
      ['proxy_temp_path', 'proxy'],
    ] as const) {
      expect(directives(config, name)).toEqual([expect.stringMatching(new RegExp(`^${escapeRegExp(`${quoted}/${file}"`)}( |;)`))]);
    }
    // Nothing of the folder's name became a directive or a block of its own.
    expect(config).not.toMatch(/^\s*x'y/m);
    expect(config.split('{').length).toBe(config.split('}').length);
  });

  it('refuses a --standalone folder with "$" or a line break, with one line and nothing on stdout', () => {
    for (const folder of ['/tmp/worq$uri', '/tmp/worq\nevents {}', '/tmp/worq\ttab']) {
      const result = render(['--standalone', folder]);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('render.mjs: --standalone must be a folder path without "$" or control characters (line breaks, tabs)\n');
    }
  });

  it.skipIf(!hasNginx)(
    'is accepted by nginx, and a request with ?token=, ?code= and ?state= leaves no secret in the access log (needs nginx)',
    async () => {
      const dir = tempFolder(awkwardName);
      const proxyPort = await freePort();
      // The processes' ports are closed: nginx answers 502, which is logged like any request.
      const basePort = await freePort();
      const configFile = path.join(dir, 'nginx.conf');
      writeFileSync(
        configFile,
        rendered(['--processes', '2', '--base-port', String(basePort), '--listen', `127.0.0.1:${proxyPort}`, '--standalone', dir]),
      );
      const check = spawnSync('nginx', ['-t', '-p', dir, '-c', configFile], { encoding: 'utf8' });
      expect(check.stderr).toMatch(/test is successful/);
      expect(check.status).toBe(0);

      const nginx: ChildProcess = spawn('nginx', ['-p', dir, '-c', configFile], { stdio: 'ignore' });
      cleanups.push(() => void nginx.kill('SIGTERM'));
      await until(() => (existsSync(path.join(dir, 'nginx.pid')) ? true : undefined), 'nginx start');
      const response = await until(
        () =>
          fetch(`http://127.0.0.1:${proxyPort}/change-password?token=reset-secret-1&code=oauth-secret-2&state=state-secret-3`, {
            headers: { referer: `http://127.0.0.1:${proxyPort}/sign-in?token=referer-secret-4` },
          }).catch(() => undefined),
        'an answer from nginx',
      );
      expect(response.status).toBe(502);
      const accessLog = path.join(dir, 'access.log');
      const line = await until(() => {
        const text = existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '';
        return text.includes('/change-password') ? text : undefined;
      }, 'the access line');
      expect(line).toMatch(/"GET \/change-password HTTP\/1\.1" 502 /);
      expect(line).not.toMatch(/secret/);
      expect(line).toMatch(new RegExp(`upstream=127\\.0\\.0\\.1:${basePort}`));
    },
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
