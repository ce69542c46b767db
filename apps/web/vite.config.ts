import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadBootChunks } from './build/boot-chunks.ts';
import { precompress } from './build/precompress.ts';
import { prerenderSignIn } from './build/prerender.ts';

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
        // The steps of the app's start (src/main.tsx) each load one chunk.
        manualChunks(id) {
          // React itself goes with the entry; named, or Rollup would put it into one of the chunks below.
          if (/[\\/]node_modules[\\/]react[\\/]/.test(id)) return 'react';
          if (/[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/.test(id)) return 'react-dom';
          if (/[\\/]node_modules[\\/]react-router[\\/]/.test(id) || id.endsWith('/src/app/router-library.ts')) return 'react-router';
          return undefined;
        },
      },
    },
  },
});
