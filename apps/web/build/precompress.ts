import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml|map)$/;
/** Below this the headers cost more than the bytes saved. */
const minBytes = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every text file of
 * the build, once, at build time: the server hands them out as they are (@fastify/static
 * `preCompressed`), so no request pays for compression. A copy that saves nothing is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'worq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < minBytes) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
