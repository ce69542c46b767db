import { startTransition, StrictMode } from 'react';
import './styles/global.css';
import { preloadHttpTransportForSession } from './lib/http-client.ts';

/**
 * Resolves in a later task, so the browser can paint and take input before the next step. (Here
 * and in app/router.tsx on its own: a module both shared would be a chunk and a request more.)
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

preloadHttpTransportForSession();

// The app starts in steps, each in a task of its own: React DOM, the texts, React Router, the app's
// modules, creating the router, then starting it (which starts loading the first screen), so that
// no single long task keeps the pre-rendered page (build/prerender.ts) from taking a tap. The build
// preloads every chunk of these steps from index.html (build/boot-chunks.ts), so the steps cost no
// extra round trips. Why, with the measurements: docs/decisions/014-router-from-createRouter.md.
//
// Which step comes first depends on what the visitor already sees. Over the pre-rendered sign-in
// page, React DOM first. Any other first screen (signed in, another address, English) shows nothing
// until the app renders it, and its code is not preloaded by index.html: there the router starts
// first, so the screen's chunks are requested before React DOM is evaluated rather than after, and
// React DOM is evaluated while they download.
const overPrerenderedPage = document.documentElement.dataset.prerender === 'shown';
const container = document.getElementById('root')!;
// A hidden pre-rendered copy (theme-boot.js) is never shown: out of the document at once, so the
// start-up's style and selector work (Vite's preload helper looks for existing links) skips it.
if (container.hasAttribute('data-prerendered') && !overPrerenderedPage) container.replaceChildren();
const reactDom = async () => {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  return createRoot;
};
const createRootFirst = overPrerenderedPage ? await reactDom() : null;
const { i18nReady } = await import('./lib/i18n.ts');
await nextTask();
await import('./app/router-library.ts');
await nextTask();
const { App, firstScreenLoaded, startApp } = await import('./app/app.tsx');
await nextTask();
startApp();
const createRoot = createRootFirst ?? (await reactDom());

const root = createRoot(container);
void i18nReady.finally(async () => {
  // The pre-rendered sign-in page stays until the live one can take its place in a single commit;
  // rendering earlier would blank it while the route's code loads. Any other first screen has
  // nothing to show before its code is in either.
  const loaded = await firstScreenLoaded();
  container.removeAttribute('data-prerendered');
  container.removeAttribute('inert');
  const render = () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // As a transition React renders in slices and yields to the browser between them, so the first
  // render is no single long task holding up input. Only once
  // the first screen is loaded, though: RouterProvider subscribes to the router when it commits,
  // and a router update landing between the slices (the first screen's code arriving) would be
  // lost, leaving the page empty. If the wait gave up, the render is done in one go.
  if (loaded) startTransition(render);
  else render();
});
