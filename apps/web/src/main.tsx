import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './lib/i18n.ts';
import { App, firstScreenLoaded } from './app/app.tsx';

const container = document.getElementById('root')!;
const root = createRoot(container);
void i18nReady.finally(async () => {
  // The pre-rendered sign-in page (build/prerender.ts) stays until the live one can take its place
  // in a single commit; rendering earlier would blank it while the route's code loads.
  if (container.hasAttribute('data-prerendered')) {
    if (document.documentElement.dataset.prerender === 'shown') await firstScreenLoaded();
    else container.replaceChildren();
    container.removeAttribute('data-prerendered');
    container.removeAttribute('inert');
  }
  // As a transition React renders in slices and yields to the browser between them, so the first
  // render is no single long task holding up input (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
