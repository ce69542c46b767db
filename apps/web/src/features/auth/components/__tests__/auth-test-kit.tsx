import type { RouteObject } from 'react-router';
import { renderRoutes, Where } from '../../../../test/http-test-kit.tsx';

/** Renders `element` at `path` with a memory router; other listed paths show where we landed. */
export function renderRoute(element: React.ReactNode, path: string, pattern = path.split('?')[0] ?? '/', others: string[] = []) {
  const routes: RouteObject[] = [
    { path: pattern, element },
    ...['/', '/worq-trade', '/mobile-verification', '/forgot-password', ...others]
      .filter((p) => p !== pattern)
      .map((p) => ({ path: p, element: <Where /> })),
  ];
  return renderRoutes(routes, path).router;
}
