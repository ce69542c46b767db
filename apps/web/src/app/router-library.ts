/**
 * React Router, as one step of the app's start (main.tsx): the build puts this module and the
 * library into one chunk (vite.config.ts), so importing it evaluates React Router in a task of its
 * own. It names only what the start-up uses; every other module imports 'react-router' as usual.
 */
export { createBrowserRouter, RouterProvider } from 'react-router';
