import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './lib/i18n.ts';
import { App } from './app/app.tsx';

const root = createRoot(document.getElementById('root')!);
void i18nReady.finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
