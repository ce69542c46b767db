import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferredCoding } from './encoding.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers gain less than the encoding header and the CPU cost. */
export const minCompressedBytes = 1024;

/**
 * Compresses JSON answers of 1 KB and more (store lists, WorqInsight overviews and tips, the
 * OpenAPI document) for clients that accept it: brotli at quality 4 (fast, close to gzip -9 in
 * size) or gzip at level 6. Off the event loop (zlib's thread pool). Files of the web app are
 * compressed at build time instead (plugins/spa.ts).
 */
async function compressJson(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < minCompressedBytes) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const body =
      coding === 'br'
        ? await brotliAsync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return body;
  });
}

export default fp(compressJson, { name: 'compress-json' });
