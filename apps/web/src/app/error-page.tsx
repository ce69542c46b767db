import { useRouteError } from 'react-router';

export function RouteErrorPage() {
  const error = useRouteError();
  return <pre>{String(error)}</pre>;
}
