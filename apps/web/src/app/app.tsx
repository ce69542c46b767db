import { RouterProvider } from 'react-router';
import { ToastContainer } from '../components/ui/toast/toast-container.tsx';
import { loadRuntimeSettings } from '../lib/runtime-settings.ts';
import { startThemeSync } from '../lib/theme.ts';
import { startAnalyticsBoot } from './analytics/analytics-boot.ts';
import { ConsentGate } from './analytics/consent-gate.tsx';
import { createAppRouter } from './router.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * Starts the app before its first render (main.tsx, once): the theme is already painted by
 * theme-boot.js and is kept in sync from here on, the router is created and started (it begins
 * loading the first screen), and a task later the settings request and the analytics boot start.
 */
export function startApp(): void {
  if (router) return;
  startThemeSync();
  const created = createAppRouter();
  router = created;
  // The settings request (the analytics boot waits for it too) in a task of its own, so a page's
  // first `fetch` does not lengthen this task (decision 014).
  setTimeout(() => {
    void loadRuntimeSettings();
    startAnalyticsBoot(created);
  }, 0);
}

/** The router startApp created; throws before startApp. */
function createdRouter(): NonNullable<typeof router> {
  if (!router) throw new Error('startApp() must run before the app renders');
  return router;
}

/**
 * Resolves once the router has loaded the first screen's code and texts (or given up on them), so
 * the first render can show that screen instead of an empty frame: `true` then, `false` when
 * `limitMs` passed first.
 */
export function firstScreenLoaded(limitMs = 10_000): Promise<boolean> {
  const router = createdRouter();
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
      <RouterProvider router={createdRouter()} />
      <ToastContainer name="global" />
      <ConsentGate />
    </>
  );
}
