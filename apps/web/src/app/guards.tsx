/*
 * Route guards of specification §2. Public routes send a signed-in, phone-verified user to
 * /worq-trade; protected routes send an anonymous visitor to / (keeping the query string) and a
 * signed-in user whose phone is not verified to /mobile-verification?next={deep link}, where it
 * lands after verifying. An expert's token (issue 6)
 * belongs to the back-office: seller routes, public or protected, send it to /admin.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { registerNavigate } from '../lib/http-client.ts';
import { nextParam } from '../lib/safe-path.ts';
import { startSessionKeeper, useSession, type SessionState } from '../lib/session.ts';

export const homePath = '/worq-trade';
export const signInPath = '/';
export const phoneVerificationPath = '/mobile-verification';
export const expertHomePath = '/admin';

/** Lets the HTTP client and the session move the user (after a 401 or 403) through the router. */
function useSessionPlumbing() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to) => void navigate(to, { replace: true })), [navigate]);
  useEffect(() => startSessionKeeper(), []);
}

/** An expired access token is being refreshed: wait rather than judge the old claims. */
function isSettling(session: SessionState): boolean {
  return session.isRefreshing && session.claims !== null && session.claims.exp * 1000 <= Date.now();
}

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
