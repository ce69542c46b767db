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
export async function readCapped(response: Response, maxBytes: number = maxReplyBytes): Promise<string> {
  const tooLarge = () => new ConnectorError('unexpected', 'marketplace_unexpected', `reply larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
