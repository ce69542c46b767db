import { defineConfig } from 'vitest/config';

// Every API test file boots the real app on a fresh PGlite (WASM PostgreSQL); on a busy two-core
// machine that takes seconds, hence the generous limits.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['src/test/global-setup.ts'],
  },
});
