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
  },
});
