/*
 * Route guards of specification §2. Public routes send a signed-in, phone-verified user to
 * /worq-trade; protected routes send an anonymous visitor to / (keeping the query string) and a
 * signed-in user whose phone is not verified to /mobile-verification?next={deep link}, where it
 * lands after verifying. An expert's token (issue 6)
 * belongs to the back-office: seller routes, public or protected, send it to /admin.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { nextParam } from '../lib/safe-path.ts';
import { isSettling, useSession, useSessionPlumbing } from '../lib/session.ts';

export const homePath = '/worq-trade';
export const signInPath = '/';
export const phoneVerificationPath = '/mobile-verification';
export const expertHomePath = '/admin';

function Settling() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spinner size="lg" />
    </div>
  );
}

export function PublicOnlyGuard() {
  useSessionPlumbing();
  const session = useSession();
  if (isSettling(session)) return <Settling />;
  if (session.isExpert) return <Navigate to={expertHomePath} replace />;
  if (session.isAuthenticated && session.isPhoneVerified) return <Navigate to={homePath} replace />;
  return <Outlet />;
}

export function ProtectedGuard() {
  useSessionPlumbing();
  const session = useSession();
  const { pathname, search } = useLocation();
  if (isSettling(session)) return <Settling />;
  if (!session.isAuthenticated) return <Navigate to={{ pathname: signInPath, search }} replace />;
  if (session.isExpert) return <Navigate to={expertHomePath} replace />;
  if (!session.isPhoneVerified) {
    // The deep link, query string included, waits in `next` until the phone is verified.
    const next = pathname === homePath && !search ? '' : `?${new URLSearchParams({ [nextParam]: pathname + search })}`;
    return <Navigate to={{ pathname: phoneVerificationPath, search: next }} replace />;
  }
  return <Outlet />;
}
