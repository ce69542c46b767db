import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstRoutePreload } from './build/first-route-preload.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    firstRoutePreload({
      themeBoot: fileURLToPath(new URL('./public/theme-boot.js', import.meta.url)),
      // lib/i18n.ts initialNamespaces
      initialNamespaces: ['common', 'feedback', 'ui'],
      // The pages a visitor lands on most: the sign-in page and the signed-in WorqTrade home (app/router.tsx).
      routes: {
        '/': { modules: ['app/layouts/public-layout.tsx', 'features/auth/components/login-page.tsx'], namespaces: ['auth'] },
        '/worq-trade': {
          modules: ['app/layouts/signed-in-layout.tsx', 'features/worq-trade/components/applications-page.tsx'],
          namespaces: ['tasks', 'worq-trade'],
        },
      },
    }),
    precompress(),
  ],
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
