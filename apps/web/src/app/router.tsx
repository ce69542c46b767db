import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from './error-page.tsx';
import { ProtectedGuard, PublicOnlyGuard } from './guards.tsx';
import type { DevRouteHandle } from './layouts/dev-layout.tsx';
import { withNamespaces } from '../lib/i18n.ts';

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
                lazy: withNamespaces(['connections'], () => import('../features/connections/components/connections-page.tsx')),
              },
              { path: 'worq-trade', lazy: () => import('../features/worq-trade/components/applications-page.tsx') },
              { path: 'worq-trade/start', lazy: () => import('../features/worq-trade/components/start-page.tsx') },
              { path: 'worq-trade/onboarding', element: <Navigate to="revenue-sharing-plan" replace /> },
              {
                path: 'worq-trade/onboarding/revenue-sharing-plan',
                lazy: () => import('../features/worq-trade/components/revenue-sharing-plan-page.tsx'),
              },
              {
                path: 'worq-trade/onboarding/connect-store',
                lazy: () => import('../features/worq-trade/components/connect-store-page.tsx'),
              },
              { path: 'worq-trade/onboarding/summary', lazy: () => import('../features/worq-trade/components/summary-page.tsx') },
              { path: 'worq-trade/onboarding/contact', lazy: () => import('../features/worq-trade/components/contact-page.tsx') },
              { path: 'worq-trade/form-success', lazy: () => import('../features/worq-trade/components/form-success-page.tsx') },
              {
                path: 'worq-trade/application-success',
                lazy: () => import('../features/worq-trade/components/application-success-page.tsx'),
              },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
