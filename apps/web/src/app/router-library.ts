/**
 * React Router, as one step of the app's start (main.tsx): the build puts this module and the
 * library into one chunk (vite.config.ts), so importing it evaluates React Router in a task of its
 * own. It names only what the start-up uses; every other module imports 'react-router' as usual.
 * react-router is pinned exactly in apps/web/package.json while these UNSAFE_ exports are used
 * (decision 014).
 */
export {
  RouterProvider,
  UNSAFE_createBrowserHistory,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
} from 'react-router';
