import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadBootChunks } from './build/boot-chunks.ts';
import { precompress } from './build/precompress.ts';
import { prerenderSignIn } from './build/prerender.ts';
import { chunkRule } from './build/chunks.ts';

/** The chunk rule of the build under way (it remembers what it learnt of the module graph). */
const chunkRules = new WeakMap<object, (id: string) => string | undefined>();

export default defineConfig({
  plugins: [react(), preloadBootChunks(), prerenderSignIn(), precompress()],
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
