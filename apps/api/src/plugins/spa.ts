import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = readFileSync(indexFile, 'utf8');
  app.decorate('spaIndex', html);
}

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex: string | null;
  }
}

export function isSpaPath(url: string): boolean {
  return !/^\/(api|websocket)(\/|$|\?)/.test(url) && !/\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0] ?? '');
}

export default fp(spaPlugin, { name: 'spa' });
