import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadBootChunks } from './build/boot-chunks.ts';
import { precompress } from './build/precompress.ts';
import { prerenderSignIn } from './build/prerender.ts';
import { chunkRule, missingChunkPaths } from './build/chunks.ts';

/** The chunk rule of the build under way (it remembers what it learnt of the module graph). */
const chunkRules = new WeakMap<object, (id: string) => string | undefined>();

/** Fails the build when a module build/chunks.ts names by its path is gone (moved or renamed). */
const chunkPathsPresent: Plugin = {
  name: 'worq-chunk-paths',
  apply: 'build',
  buildEnd(error) {
    if (error) return;
    const missing = missingChunkPaths(this.getModuleIds());
    if (missing.length > 0) this.error(`build/chunks.ts names modules this build does not have: ${missing.join(', ')}`);
  },
};

export default defineConfig({
  plugins: [react(), preloadBootChunks(), prerenderSignIn(), precompress(), chunkPathsPresent],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/websocket': { target: 'ws://localhost:8080', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // build/chunks.ts: the start-up's chunks named, modules shared by screens one chunk per area.
        manualChunks(id, graph) {
          let rule = chunkRules.get(graph.getModuleInfo);
          if (!rule) chunkRules.set(graph.getModuleInfo, (rule = chunkRule(graph)));
          return rule(id);
        },
      },
    },
  },
});
