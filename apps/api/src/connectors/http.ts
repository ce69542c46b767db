import { ConnectorError, type ConnectorContext } from './types.ts';

const defaultTimeoutMs = 15_000;
const defaultRetries = 3;

export interface RequestOptions extends RequestInit {
  /** Answers that are final and must not be retried even though they are not 2xx (e.g. 401). */
  finalStatuses?: number[];
}

/**
 * fetch with a timeout per attempt and retries with exponential backoff (plus jitter) on network
 * errors, 429 and 5xx. A 429's Retry-After is honoured up to 30 s. The last answer is returned as
 * it is (the caller maps statuses to ConnectorErrors); only a network failure throws here.
 */
export async function marketplaceFetch(url: string, options: RequestOptions, ctx: ConnectorContext): Promise<Response> {
  const doFetch = ctx.fetch ?? fetch;
  const retries = ctx.retries ?? defaultRetries;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    const timeout = AbortSignal.timeout(ctx.timeoutMs ?? defaultTimeoutMs);
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
    try {
      const response = await doFetch(url, { ...options, signal });
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt === retries || options.finalStatuses?.includes(response.status)) return response;
      await response.body?.cancel();
      await sleep(backoffMs(attempt, response.headers.get('retry-after')), ctx.signal);
    } catch (error) {
      // A refusal (the outbound guard, a reply over its size cap) is final: retrying changes nothing.
      if (error instanceof ConnectorError) throw error;
      if (ctx.signal?.aborted) throw new ConnectorError('unavailable', 'marketplace_unavailable', 'aborted');
      lastError = error;
      if (attempt === retries) break;
      await sleep(backoffMs(attempt, null), ctx.signal);
    }
  }
  throw new ConnectorError('unavailable', 'marketplace_unavailable', lastError instanceof Error ? lastError.message : String(lastError));
}

export function backoffMs(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
  return Math.min(250 * 2 ** attempt, 4_000) + Math.floor(Math.random() * 100);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The largest reply body a connector reads (ARCHITECTURE.md §8); marketplace pages are far smaller. */
export const maxReplyBytes = 4 * 1024 * 1024;

/**
 * The body of an external reply as text, read no further than `maxBytes`: a bigger one (announced
 * or streamed) is cancelled and becomes the marketplace's unexpected answer. Use it instead of
 * `response.text()` on every reply from outside.
 */
export async function readCapped(
  response: Response,
  maxBytes: number = maxReplyBytes,
  /** The refusal; `declaredBytes` is the announced length when that alone was too large. */
  tooLarge: (declaredBytes?: number) => ConnectorError = () =>
    new ConnectorError('unexpected', 'marketplace_unexpected', `reply larger than ${maxBytes} bytes`),
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(declared);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A GET of a marketplace's JSON API with `headers` (and `accept: application/json`): the parsed
 * body of a 2xx answer; any other answer is thrown as `refusal(status, body text, Retry-After)`.
 */
export async function getJson(
  url: string,
  headers: Record<string, string>,
  ctx: ConnectorContext,
  answers: {
    unexpected: (detail: string) => ConnectorError;
    refusal: (status: number, text: string, retryAfter: string | null) => ConnectorError;
  },
): Promise<unknown> {
  const response = await marketplaceFetch(url, { method: 'GET', headers: { ...headers, accept: 'application/json' } }, ctx);
  const text = await readCapped(response);
  if (response.ok) return parseJson(text, answers.unexpected);
  throw answers.refusal(response.status, text, response.headers.get('retry-after'));
}

/**
 * The error of a non-2xx answer from a marketplace that speaks in plain HTTP statuses: a 401 (or
 * a 403 whose words are about the credentials) is bad credentials, another 403 forbidden, a 429
 * rate limited for its Retry-After (else `defaultRetryAfterMs`), a 5xx unavailable, the rest
 * unexpected. `detail` keeps the marketplace's own words for the logs.
 */
export function statusError(
  status: number,
  detail: string,
  options: { credentialsRefused?: boolean; retryAfter: string | null; defaultRetryAfterMs: number },
): ConnectorError {
  if (status === 401 || (status === 403 && options.credentialsRefused))
    return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  if (status === 429) {
    const seconds = Number(options.retryAfter);
    return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail, {
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : options.defaultRetryAfterMs,
    });
  }
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

/** Basic authorization header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A credential field the seller must fill; missing counts as bad credentials. */
export function requireField(credentials: Record<string, string>, name: string): string {
  const value = credentials[name]?.trim();
  if (!value) throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', `missing ${name}`);
  return value;
}

/** Parses a marketplace's JSON answer; anything else is an unexpected answer of that marketplace. */
export function parseJson(text: string, unexpected: (detail: string) => ConnectorError): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw unexpected(`not JSON: ${text.slice(0, 100)}`);
  }
}

/** A body read as JSON, or undefined when it is empty or not JSON: the caller judges it by the status. */
export async function readOptionalJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A marketplace's "unexpected answer" error, its name in front of the detail (`N11: no content array`). */
export function unexpectedAnswer(marketplace: string): (detail: string) => ConnectorError {
  return (detail) => new ConnectorError('unexpected', 'marketplace_unexpected', `${marketplace}: ${detail}`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
