import { RouterProvider } from 'react-router';
import { ToastContainer } from '../components/ui/toast/toast-container.tsx';
import { loadRuntimeSettings } from '../lib/runtime-settings.ts';
import { startThemeSync } from '../lib/theme.ts';
import { startAnalyticsBoot } from './analytics/analytics-boot.ts';
import { ConsentGate } from './analytics/consent-gate.tsx';
import { createAppRouter } from './router.tsx';

// Before the first render: the theme is already painted by theme-boot.js, this keeps it in sync
// afterwards; the settings request starts as early as possible.
startThemeSync();
void loadRuntimeSettings();

const router = createAppRouter();
startAnalyticsBoot(router);

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastContainer name="global" />
      <ConsentGate />
    </>
  );
}
