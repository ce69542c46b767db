/**
 * What request logs may show of a request (ARCHITECTURE.md §8: tokens, codes and reset links never
 * appear in logs). Query values that carry a secret — the task socket's `?token=` access token, the
 * reset link's `?token=`, an OAuth `code` — are replaced before the line is written; headers and
 * bodies are not logged at all.
 */
import type { FastifyRequest } from 'fastify';

const secretParameters = new Set(['token', 'access_token', 'refresh_token', 'jwt', 'code', 'password', 'state', 'spapi_oauth_code']);

/** The URL with the value of every secret-carrying query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // a malformed name stays as it is
      }
      return equals !== -1 && secretParameters.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof request.headers?.['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of a database error that repeat the values a query was sent with: drizzle's
 * DrizzleQueryError and PGlite's errors carry `params` (and PGlite its `queryOptions`); PostgreSQL's
 * `detail` quotes the offending key's value ("Key (email)=(…) already exists").
 */
const parameterFields = new Set(['params', 'parameters', 'queryOptions', 'detail']);

/** What the log shows of an error (the shape Fastify's logger options expect of an `err` serializer). */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  cause?: unknown;
  params?: unknown;
  [field: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** The error and its causes, outermost first (at most 8, never round in a circle). */
function errorChain(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; isErrorLike(current) && chain.length < 8 && !chain.includes(current); current = current.cause) {
    chain.push(current);
  }
  return chain;
}

/**
 * Removes the parameter values from a message or stack: drizzle writes them as the line
 * `params: a,b,c` after the query (the exact text is known from the error's own `params`; any other
 * `params:` line is cut at the end of its line), and PostgreSQL quotes a value it cannot read
 * (`invalid input syntax for type integer: "…"`), so every text value sent is blanked wherever it
 * appears.
 */
function withoutParameters(text: string, chain: ErrorLike[]): string {
  let result = text;
  const values = new Set<string>();
  for (const error of chain) {
    if (error.params === undefined) continue;
    const written = `\nparams: ${String(error.params as unknown[])}`;
    if (written.length > '\nparams: '.length) result = result.split(written).join('\nparams: [redacted]');
    if (Array.isArray(error.params)) {
      for (const param of error.params) if (typeof param === 'string' && param.length >= 3) values.add(param);
    }
  }
  // Longest first, so a value inside another is not blanked half-way.
  for (const value of [...values].sort((a, b) => b.length - a.length)) result = result.split(value).join('[redacted]');
  return result.replace(/^params: (?!\[redacted\]).*$/gm, 'params: [redacted]');
}

/**
 * Pino's `err` serializer for our logs: type, message and stack with the messages and stacks of its
 * causes, and its own fields, without the values a failed query was sent with (e-mail addresses,
 * phone numbers, token and password hashes). The SQL text itself stays: its values are `$1`, `$2`.
 */
export function errorLogSerializer(value: unknown): SerializedError {
  if (!isErrorLike(value)) return { type: typeof value, message: String(value), stack: '' };
  const chain = errorChain(value);
  const serialized: SerializedError = {
    type: String(value.constructor?.name ?? value.name ?? 'Error'),
    message: withoutParameters(chain.map((error) => error.message).join(': '), chain),
    stack: withoutParameters(chain.map((error) => (typeof error.stack === 'string' ? error.stack : '')).join('\ncaused by: '), chain),
  };
  for (const [field, fieldValue] of Object.entries(value)) {
    if (field === 'cause' || field in serialized || parameterFields.has(field)) continue;
    serialized[field] = isErrorLike(fieldValue) ? errorLogSerializer(fieldValue) : fieldValue;
  }
  // A cause's own SQLSTATE and constraint are what an operator looks up.
  const root = chain[chain.length - 1];
  if (root && root !== value) {
    for (const field of ['code', 'constraint', 'table', 'column', 'severity']) {
      if (serialized[field] === undefined && (typeof root[field] === 'string' || typeof root[field] === 'number')) {
        serialized[`cause_${field}`] = root[field];
      }
    }
  }
  return serialized;
}
