import { RouterProvider } from 'react-router';
import { ToastContainer } from '../components/ui/toast/toast-container.tsx';
import { loadRuntimeSettings } from '../lib/runtime-settings.ts';
import { startThemeSync } from '../lib/theme.ts';
import { startAnalyticsBoot } from './analytics/analytics-boot.ts';
import { ConsentGate } from './analytics/consent-gate.tsx';
import { createAppRouter } from './router.tsx';

// Before the first render: the theme is already painted by theme-boot.js, this keeps it in sync
// afterwards; the settings request starts as early as possible.
startThemeSync();
void loadRuntimeSettings();

const router = createAppRouter();
startAnalyticsBoot(router);

/**
 * Resolves once the router has loaded the first screen's code and texts (or given up on them), so
 * the first render can show that screen instead of an empty frame: `true` then, `false` when
 * `limitMs` passed first.
 */
export function firstScreenLoaded(limitMs = 10_000): Promise<boolean> {
  if (router.state.initialized) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (loaded: boolean) => {
      clearTimeout(timer);
      stop();
      resolve(loaded);
    };
    const timer = setTimeout(() => done(false), limitMs);
    const stop = router.subscribe((state) => {
      if (state.initialized) done(true);
    });
  });
}

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastContainer name="global" />
      <ConsentGate />
    </>
  );
}
