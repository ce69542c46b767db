import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredCoding } from './encoding.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; any other GET that is not an API
 * or socket path gets index.html so deep links work (history fallback).
 */
async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built; run `npm run build` to serve it');
    app.decorate('spaIndex', null);
    return;
  }
  // The build writes .br and .gz copies of every text file (apps/web/build/precompress.ts).
  const shared = { index: false, preCompressed: true } as const;
  // Hashed files under /assets/ never change under their name: cached for a year and never
  // revalidated, so they carry no validators or range support (about 100 bytes a file). One
  // wildcard route serves them all: a route per file (about 300 with HEAD) took about 0.15 s of
  // every cold start (bench/cold-start).
  await app.register(fastifyStatic, {
    ...shared,
    root: path.join(options.distDir, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      // Scripts, stylesheets and fonts are never rendered as a page, so the page's headers (its
      // content security policy, framing and opener rules: about 850 bytes) would only ride along
      // with each of the thirty-odd files of a first visit. They keep the two that guard a
      // subresource; anything else, and a 404, keeps the page's.
      if (!isSubresourceAsset(filePath)) return;
      for (const name of pageOnlyHeaders) reply.removeHeader(name);
      reply.headers(subresourceHeaders);
    },
  });
  // Everything else at the root (the favicon, the theme boot in development, marketplace logos):
  // revalidated on each use. A route per file, so that other paths reach the history fallback.
  await app.register(fastifyStatic, {
    ...shared,
    wildcard: false,
    root: options.distDir,
    globIgnore: ['assets/**'],
    decorateReply: false,
    setHeaders(reply) {
      reply.header('cache-control', 'no-cache');
    },
  });
  const copy = (suffix: string) => (existsSync(`${indexFile}${suffix}`) ? readFileSync(`${indexFile}${suffix}`) : undefined);
  app.decorate('spaIndex', { html: readFileSync(indexFile, 'utf8'), br: copy('.br'), gzip: copy('.gz') });
}

/** The headers helmet sets for a page that a script, stylesheet or font does not need. */
const pageOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** What a script, stylesheet or font needs: no MIME sniffing, and no loading by other sites. */
const subresourceHeaders = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * A built script, stylesheet or font under /assets/, or its compressed copy (an SVG or HTML file
 * there would open as a page, so it keeps the page's headers).
 */
function isSubresourceAsset(file: string): boolean {
  return /[\\/]assets[\\/][^\\/]+\.(?:js|css|woff2?)(?:\.br|\.gz)?$/.test(file);
}

/** index.html as built, with its compressed copies when the build wrote them. */
export interface SpaIndex {
  html: string;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

/** Answers with index.html (deep links: history fallback), compressed when the client takes it; never cached. */
export function sendSpaIndex(index: SpaIndex, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const coding = preferredCoding(request.headers['accept-encoding']);
  const body = coding ? index[coding] : undefined;
  return body ? reply.header('content-encoding', coding!).send(body) : reply.send(index.html);
}

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex: SpaIndex | null;
  }
}

/**
 * The Content-Security-Policy sources that allow index.html's inline scripts (the theme boot the web
 * build writes into the page so the first paint waits for no script file), one SHA-256 each; none
 * when the app is not built. Any other inline script stays refused.
 */
export function inlineScriptSources(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}

/** Amplitude's own hosts (events, session replay and its configuration), in the US or EU zone. */
const amplitudeHosts = 'https://*.amplitude.com';

/**
 * The page's `connect-src`: where its scripts may send requests and open sockets. Our own origin
 * (the API), the task socket on PUBLIC_URL's origin (ws: or wss:, which older browsers do not count
 * as 'self'), and only what is configured: Google sign-in's endpoints when GOOGLE_CLIENT_ID is set,
 * the analytics service when AMPLITUDE_API_KEY is (its own hosts, or only the configured
 * AMPLITUDE_SERVER_URL's origin when that is a proxy or collector of ours).
 */
export function connectSources(config: {
  publicUrl: string;
  googleClientId: string | undefined;
  amplitude: { apiKey: string | undefined; serverUrl: string | undefined };
}): string[] {
  const sources = ["'self'"];
  const publicUrl = new URL(config.publicUrl);
  sources.push(`${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`);
  if (config.googleClientId) sources.push('https://accounts.google.com/gsi/');
  if (config.amplitude.apiKey) {
    const server = config.amplitude.serverUrl ? new URL(config.amplitude.serverUrl) : null;
    const own = !server || server.hostname === 'amplitude.com' || server.hostname.endsWith('.amplitude.com');
    sources.push(own ? amplitudeHosts : server.origin);
  }
  return sources;
}

export function isSpaPath(url: string): boolean {
  return !/^\/(api|websocket)(\/|$|\?)/.test(url) && !/\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0] ?? '');
}

export default fp(spaPlugin, { name: 'spa' });
