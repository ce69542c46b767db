import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './src/lib/i18n.ts';
import { runtimeSettings } from './src/lib/__tests__/runtime-settings-fixtures.ts';
import { resetRuntimeSettings } from './src/lib/runtime-settings.ts';

// jsdom has no server to answer GET /api/v1/settings: screens that read the runtime settings get
// every optional service switched off, unless a test presets or resets them itself.
resetRuntimeSettings(runtimeSettings());

afterEach(() => {
  cleanup();
  // The build scripts' tests run in Node, without the browser's storage.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
