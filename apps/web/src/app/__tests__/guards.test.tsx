import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { clearTokens, storeTokens } from '../../lib/token-storage.ts';
import { accessToken } from '../../lib/__tests__/token-fixtures.ts';
import { ProtectedGuard, PublicOnlyGuard } from '../guards.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <PublicOnlyGuard />,
        children: [
          { index: true, element: <Where /> },
          { path: 'forgot-password', element: <Where /> },
          { path: 'mobile-verification', element: <Where /> },
        ],
      },
      {
        element: <ProtectedGuard />,
        children: [
          { path: 'worq-trade', element: <Where /> },
          { path: 'profile/:id/info', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return () => screen.getByTestId('where').textContent;
}

const signIn = (isPhoneVerified: boolean) =>
  storeTokens({ jwt_token: accessToken({ is_phone_verified: isPhoneVerified }), refresh_token: 'r' }, true);

describe('route guards', () => {
  it('sends a signed-in, verified user from a public route to /worq-trade', () => {
    signIn(true);
    expect(renderAt('/forgot-password')()).toBe('/worq-trade');
  });

  it('lets an anonymous visitor see public routes', () => {
    expect(renderAt('/forgot-password')()).toBe('/forgot-password');
  });

  it('lets a signed-in user with an unverified phone stay on mobile verification', () => {
    signIn(false);
    expect(renderAt('/mobile-verification')()).toBe('/mobile-verification');
  });

  it('sends an anonymous visitor from a protected route to / keeping the query string', () => {
    expect(renderAt('/worq-trade?utm_source=mail&ref=7')()).toBe('/?utm_source=mail&ref=7');
  });

  it('sends a signed-in user with an unverified phone to /mobile-verification, keeping the deep link and its query', () => {
    signIn(false);
    expect(renderAt('/profile/abc/info?tab=2&x=%C3%A7')()).toBe(
      `/mobile-verification?next=${encodeURIComponent('/profile/abc/info?tab=2&x=%C3%A7')}`,
    );
  });

  it('sends an unverified user from the start page to /mobile-verification without a next', () => {
    signIn(false);
    expect(renderAt('/worq-trade')()).toBe('/mobile-verification');
  });

  it('lets a verified user through a protected route', () => {
    signIn(true);
    expect(renderAt('/worq-trade')()).toBe('/worq-trade');
  });

  it('reacts to sign-out by leaving the protected route', () => {
    signIn(true);
    const where = renderAt('/worq-trade?x=1');
    expect(where()).toBe('/worq-trade?x=1');
    act(() => clearTokens());
    expect(where()).toBe('/?x=1');
  });
});
