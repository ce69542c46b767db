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
