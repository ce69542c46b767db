import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './lib/i18n.ts';
import { App, firstScreenLoaded } from './app/app.tsx';
import { preloadHttpTransportForSession } from './lib/http-client.ts';

preloadHttpTransportForSession();
const container = document.getElementById('root')!;
const root = createRoot(container);
void i18nReady.finally(async () => {
  // The pre-rendered sign-in page (build/prerender.ts) stays until the live one can take its place
  // in a single commit; rendering earlier would blank it while the route's code loads. Any other
  // first screen has nothing to show before its code is in either.
  if (container.hasAttribute('data-prerendered') && document.documentElement.dataset.prerender !== 'shown') {
    container.replaceChildren();
  }
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
  // render is no single long task holding up input (Lighthouse's total blocking time). Only once
  // the first screen is loaded, though: RouterProvider subscribes to the router when it commits,
  // and a router update landing between the slices (the first screen's code arriving) would be
  // lost, leaving the page empty. If the wait gave up, the render is done in one go.
  if (loaded) startTransition(render);
  else render();
});
