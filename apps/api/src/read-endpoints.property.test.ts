/*
 * Bounded work per request, as a property over every read endpoint the OpenAPI document lists: any
 * value in any query or path parameter (far-future, far-past and impossible days, huge numbers,
 * long or odd strings, repeated parameters) answers 2xx or 4xx within a second, and health keeps
 * answering. The app runs in a process of its own (test/read-fuzz-target.ts), so a request that
 * spins the event loop shows here as a missed deadline instead of hanging the runner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const answerWithinMs = 1_000;

interface Target {
  port: number;
  sellerToken: string;
  customerId: string;
  expertToken: string;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  schema?: { type?: string | string[]; enum?: unknown[]; format?: string; anyOf?: unknown[] };
}

interface Operation {
  path: string;
  parameters: Parameter[];
}

let child: ChildProcess | undefined;
let target: Target;

beforeAll(async () => {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/test/read-fuzz-target.ts'], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child = started;
  const lines = createInterface({ input: started.stdout! });
  target = await new Promise<Target>((resolve, reject) => {
    started.once('exit', (code) => reject(new Error(`the fuzz target exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Target));
  });
});

afterAll(() => {
  child?.kill('SIGKILL');
});

/** GET with a deadline: a missed deadline is reported as status 0. */
async function timedGet(path: string, token?: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(`http://127.0.0.1:${target.port}/api/v1${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(answerWithinMs),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

async function readOperations(): Promise<Operation[]> {
  const response = await fetch(`http://127.0.0.1:${target.port}/api/v1/openapi.json`);
  const document = (await response.json()) as { paths: Record<string, { get?: { parameters?: Parameter[] } }> };
  return Object.entries(document.paths)
    .filter(([, item]) => item.get)
    .map(([path, item]) => ({ path, parameters: item.get!.parameters ?? [] }));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Days at and past the edges of the calendar, where day arithmetic once looped for ever. */
const edgeDays = ['9999-12-31', '0001-01-01', '0000-01-01', '2026-02-30', '2015-01-01', '2014-12-31', '1970-01-01', '275760-09-13'];

/** Values a client could send in place of a day. */
const dayLike = fc.oneof(
  { arbitrary: fc.constantFrom(...edgeDays), weight: 3 },
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map(isoDay),
  fc.date({ min: new Date('2014-06-01T00:00:00Z'), max: new Date('2028-01-01T00:00:00Z'), noInvalidDate: true }).map(isoDay),
);

const isDayParameter = (parameter: Parameter) => parameter.schema?.format === 'date' || /(^|_)(from|to|date|day|at)$/.test(parameter.name);

/** Values a client could send in place of a number. */
const numberLike = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('1e308', '-1', 'NaN', 'Infinity', '99999999999999999999', '0x10', '', ' 7 '),
);

/** Anything at all, short or long. */
const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 600 }), fc.uuid().map(String));

function valueFor(parameter: Parameter, customerId: string): fc.Arbitrary<string | string[]> {
  const schema = parameter.schema ?? {};
  const options: fc.Arbitrary<string | string[]>[] = [anyText, dayLike, numberLike];
  if (schema.enum) options.push(fc.constantFrom(...schema.enum.map(String)));
  if (isDayParameter(parameter)) return fc.oneof({ arbitrary: dayLike, weight: 6 }, ...options);
  if (parameter.name.endsWith('id')) options.push(fc.uuid().map(String), fc.constant(customerId));
  if (parameter.in === 'query') options.push(fc.array(fc.oneof(anyText, dayLike), { minLength: 2, maxLength: 60 }));
  return fc.oneof(...options);
}

function urlFor(operation: Operation, values: Record<string, string | string[] | undefined>): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = values[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent([value].flat()[0] ?? ''));
    else if (parameter.in === 'query') for (const one of [value].flat()) query.append(parameter.name, one);
  }
  // A path parameter left out still needs a segment.
  path = path.replace(/\{[^}]+\}/g, 'x');
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

describe('read endpoints under arbitrary parameters', () => {
  it('answer every request with 2xx or 4xx within a second while health keeps answering', async () => {
    const operations = (await readOperations()).filter((operation) => operation.path !== '/health');
    // The document must list the reads this test is about, or the property would hold vacuously.
    expect(operations.map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/insight/overview', '/insight/tips', '/admin/applications']),
    );

    for (const operation of operations) {
      const token = operation.path.startsWith('/admin') ? target.expertToken : target.sellerToken;
      const parameters = fc.record(
        Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, valueFor(parameter, target.customerId)])),
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(parameters, async (values) => {
          const url = urlFor(operation, values);
          const answer = await timedGet(url, token);
          expect({
            url,
            status: answer.status >= 500 || answer.status < 200 || (answer.status >= 300 && answer.status < 400) ? answer.status : 'ok',
          }).toEqual({
            url,
            status: 'ok',
          });
          const health = await timedGet('/health');
          expect({ url, health: health.status }).toEqual({ url, health: 200 });
        }),
        {
          numRuns: 20,
          // Each edge day in each day parameter is tried for certain, before the random runs.
          examples: operation.parameters
            .filter((parameter) => parameter.in === 'query' && isDayParameter(parameter))
            .flatMap((parameter) => edgeDays.map((day): [Record<string, string>] => [{ [parameter.name]: day }])),
        },
      );
    }
  }, 300_000);

  it('refuses the days that once spun the event loop at once, naming the field', async () => {
    for (const query of ['to=9999-12-31', 'from=0001-01-01', 'from=2026-02-30', 'to=2015-01-01&from=2014-12-31']) {
      const response = await fetch(`http://127.0.0.1:${target.port}/api/v1/insight/overview?${query}`, {
        headers: { authorization: `Bearer ${target.sellerToken}`, 'accept-language': 'en' },
        signal: AbortSignal.timeout(answerWithinMs),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { code: string; fields?: Record<string, string> } };
      expect(body.errors.code).toBe('validation_failed');
      expect(Object.keys(body.errors.fields ?? {})).toHaveLength(1);
    }
  });
});
