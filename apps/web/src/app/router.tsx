import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from './error-page.tsx';
import { ProtectedGuard, PublicOnlyGuard } from './guards.tsx';
import type { DevRouteHandle } from './layouts/dev-layout.tsx';
import { withNamespaces } from '../lib/i18n.ts';

/** True until the router has loaded the page's first screen (createAppRouter). */
let firstLoad = true;

/** Resolves in a later task (as in main.tsx; a module both shared would be a chunk more). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A route loader that starts the screen's first reads when the page's first screen is that route,
 * in parallel with the screen's code instead of after its first render (issue 14). `reads` is a
 * module whose `startFirstReads` hands each answer to the hook that will ask for it (SWR's
 * `preload`). Later visits to the screen read through SWR's cache as before. Never waited for.
 */
export function readsOnFirstLoad(reads: () => Promise<{ startFirstReads: () => void }>): () => null {
  return () => {
    if (firstLoad) {
      // Started in a later task, like the screens' code (inTasksOfTheirOwn).
      void nextTask()
        .then(reads)
        .then((module) => module.startFirstReads())
        .catch(() => undefined);
    }
    return null;
  };
}

/** Every route of the specification (§2), each screen loaded on demand. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        lazy: () => import('./layouts/public-layout.tsx'),
        children: [
          {
            element: <PublicOnlyGuard />,
            children: [
              {
                index: true,
                lazy: withNamespaces(['auth'], () => import('../features/auth/components/login-page.tsx')),
              },
              {
                path: 'forgot-password',
                lazy: withNamespaces(['auth'], () => import('../features/auth/components/forgot-password-page.tsx')),
              },
              {
                path: 'change-password',
                lazy: withNamespaces(['auth'], () => import('../features/auth/components/change-password-page.tsx')),
              },
              {
                path: 'mobile-verification',
                lazy: withNamespaces(['auth'], () => import('../features/auth/components/mobile-verification-page.tsx')),
              },
            ],
          },
        ],
      },
      {
        path: 'amazon-callback',
        lazy: withNamespaces(['connections'], () => import('../features/connections/components/amazon-callback-page.tsx')),
      },
      {
        element: <ProtectedGuard />,
        children: [
          {
            lazy: withNamespaces(['tasks'], () => import('./layouts/signed-in-layout.tsx')),
            children: [
              {
                path: 'profile/:id/info',
                lazy: withNamespaces(['profile', 'auth'], () => import('../features/profile/components/profile-info-page.tsx')),
              },
              {
                path: 'profile/:id/change-password',
                lazy: withNamespaces(['profile', 'auth'], () => import('../features/profile/components/profile-change-password-page.tsx')),
              },
              { path: 'profile/:id', element: <Navigate to="info" replace /> },
              {
                path: 'connections',
                lazy: withNamespaces(['connections', 'insight'], () => import('../features/connections/components/connections-page.tsx')),
              },
              {
                // Ideasoft's consent page returns here; signed in, so the task panel follows the connection.
                path: 'ideasoft-callback',
                lazy: withNamespaces(['connections'], () => import('../features/connections/components/ideasoft-callback-page.tsx')),
              },
              {
                path: 'worq-insight',
                lazy: withNamespaces(['insight', 'tasks'], () => import('../features/insight/components/dashboard-page.tsx')),
              },
              {
                path: 'worq-insight/onboarding/store-address',
                lazy: withNamespaces(['insight', 'auth'], () => import('../features/insight/components/store-address-page.tsx')),
              },
              {
                path: 'worq-insight/onboarding/integration',
                lazy: withNamespaces(['insight', 'connections'], () => import('../features/insight/components/integration-page.tsx')),
              },
              {
                path: 'worq-trade',
                loader: readsOnFirstLoad(() => import('../features/worq-trade/api/first-reads.ts')),
                lazy: withNamespaces(['worq-trade'], () => import('../features/worq-trade/components/applications-page.tsx')),
              },
              {
                path: 'worq-trade/start',
                lazy: withNamespaces(['worq-trade'], () => import('../features/worq-trade/components/start-page.tsx')),
              },
              {
                // The onboarding guard and the progress indicator of §2 wrap every step.
                path: 'worq-trade/onboarding',
                lazy: withNamespaces(['worq-trade'], () => import('../features/worq-trade/components/onboarding-layout.tsx')),
                children: [
                  { index: true, element: <Navigate to="revenue-sharing-plan" replace /> },
                  {
                    path: 'revenue-sharing-plan',
                    lazy: () => import('../features/worq-trade/components/revenue-sharing-plan-page.tsx'),
                  },
                  {
                    path: 'connect-store',
                    lazy: withNamespaces(['connections'], () => import('../features/worq-trade/components/connect-store-page.tsx')),
                  },
                  { path: 'summary', lazy: () => import('../features/worq-trade/components/summary-page.tsx') },
                  { path: 'contact', lazy: () => import('../features/worq-trade/components/contact-page.tsx') },
                ],
              },
              {
                path: 'worq-trade/form-success',
                lazy: withNamespaces(['worq-trade'], () => import('../features/worq-trade/components/form-success-page.tsx')),
              },
              {
                path: 'support',
                lazy: withNamespaces(['support', 'auth'], () => import('../features/support/components/support-page.tsx')),
              },
              {
                path: 'worq-trade/application-success',
                lazy: withNamespaces(['worq-trade'], () => import('../features/worq-trade/components/application-success-page.tsx')),
              },
            ],
          },
        ],
      },
      {
        // The expert back-office (issue 6): its own sign-in and layout; sellers get 403 there.
        path: 'admin',
        children: [
          {
            path: 'login',
            lazy: withNamespaces(['admin', 'auth'], () => import('../features/admin/components/admin-login-page.tsx')),
          },
          {
            lazy: withNamespaces(['admin'], () => import('../features/admin/components/admin-layout.tsx')),
            children: [
              { index: true, lazy: () => import('../features/admin/components/review-queue-page.tsx') },
              { path: 'applications/:id', lazy: () => import('../features/admin/components/application-review-page.tsx') },
              { path: 'portfolio', lazy: () => import('../features/admin/components/portfolio-page.tsx') },
              { path: 'contact-forms', lazy: () => import('../features/admin/components/contact-forms-page.tsx') },
              { path: 'support-requests', lazy: () => import('../features/admin/components/support-requests-page.tsx') },
              { path: 'legal-texts', lazy: () => import('../features/admin/components/legal-texts-page.tsx') },
            ],
          },
        ],
      },
      {
        // Development tools; the layout answers "not found" in production (runtime settings).
        path: 'dev',
        lazy: withNamespaces(['dev'], () => import('./layouts/dev-layout.tsx')),
        children: [
          {
            path: 'ui',
            lazy: withNamespaces(['dev'], () => import('../features/dev/components/ui-gallery-page.tsx')),
          },
          {
            path: 'outbox',
            handle: { requiresOutbox: true } satisfies DevRouteHandle,
            lazy: withNamespaces(['dev'], () => import('../features/dev/components/outbox-page.tsx')),
          },
        ],
      },
      { path: '*', lazy: () => import('./not-found-page.tsx') },
    ],
  },
];

/** The app's router, created and started (it matches the URL and starts loading the first screen). */
export function createAppRouter() {
  const router = createBrowserRouter(inTasksOfTheirOwn(routes));
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    firstLoad = false;
    stop();
  });
  return router;
}

/**
 * The routes with each screen's loader started in a task of its own. The router calls the first
 * screen's loaders inside `initialize()`, and each import first adds a preload link per chunk it
 * needs (Vite's preload helper); deferred, that work is spread over tasks of its own (decision 014).
 */
export function inTasksOfTheirOwn(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children } = route;
    const deferred = typeof lazy === 'function' ? { lazy: () => nextTask().then(lazy) } : {};
    return { ...route, ...deferred, ...(children ? { children: inTasksOfTheirOwn(children) } : {}) } as RouteObject;
  });
}
