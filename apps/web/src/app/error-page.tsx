import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorView, type ErrorViewProps } from '../components/ui/error-view.tsx';

function describeRouteError(error: unknown): Omit<ErrorViewProps, 'onBack'> {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    let message: string | undefined;
    if (typeof data === 'string') message = data;
    else if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') message = data.message;
    return { statusText: [error.status, error.statusText].filter(Boolean).join(' '), message };
  }
  // A failed lazy() import (a chunk missing after a deploy, the network gone) arrives here as a plain
  // Error such as "Failed to fetch dynamically imported module", so it gets this same page.
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  return {};
}

/** errorElement of the root route: the generic page error of §8. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  function goBack() {
    // On a page opened directly there is no entry to go back to; the start page is the next best place.
    if (location.key === 'default') void navigate('/');
    else void navigate(-1);
  }

  return <ErrorView {...describeRouteError(error)} onBack={goBack} />;
}
