// The bare page both web benchmarks compare the app with: one route, one one-line component, the
// same React, React DOM and React Router the app uses (bench/web-bundle, bench/lighthouse).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeBareApp(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Bare</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`,
  );
  writeFileSync(
    path.join(dir, 'main.tsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

function Hello() {
  return <h1>Hello</h1>;
}

const router = createBrowserRouter([{ path: '/', element: <Hello /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`,
  );
}
