import { type Permission, Role, hasPermission } from '@portal/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorContent } from '../features/errors';
import { landingPath, pagesWithoutRole } from '../lib/landing';
import { lastLocation, rememberLocation } from '../lib/session/lastLocation';
import { isExpired, roleOf } from '../lib/session/session';
import type { LogoutReason } from '../lib/session/useSessionTimers';
import { useLogin } from '../lib/session/useLogin';

/** Signed-in pages: anyone else goes to sign-in (the path is remembered for afterwards). */
export function RequireSignIn() {
  const login = useLogin();
  const { pathname } = useLocation();
  if (!login) return <SignInRedirect />;
  if (isExpired(login)) return <Navigate to="/logout" replace state={{ reason: 'expired' satisfies LogoutReason }} />;
  if (roleOf(login) === Role.None && !pagesWithoutRole.some((page) => page.toLowerCase() === pathname.toLowerCase())) {
    return <Navigate to="/awaiting-approval" replace />;
  }
  return <Outlet />;
}

function SignInRedirect() {
  const { pathname, search } = useLocation();
  useEffect(() => rememberLocation(pathname, search), [pathname, search]);
  return <Navigate to="/auth/login" replace />;
}

/**
 * Sign-in pages: a signed-in user goes to the home page of their role; one who has just
 * signed in here goes back to the last visited page when it is still remembered.
 */
export function RedirectSignedIn() {
  const login = useLogin();
  const signedIn = login !== null && !isExpired(login);
  const [arrivedSignedIn] = useState(signedIn);
  if (signedIn) {
    const home = landingPath(roleOf(login));
    return <Navigate to={arrivedSignedIn ? home : (lastLocation() ?? home)} replace />;
  }
  return <Outlet />;
}

/** `/` sends each role to its home page. */
export function HomeRedirect() {
  const login = useLogin();
  return <Navigate to={login ? landingPath(roleOf(login)) : '/auth/login'} replace />;
}

/** A page the role may not open shows the 401 page in place. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const login = useLogin();
  if (!login || !hasPermission(roleOf(login), permission)) return <ErrorContent variant="v4" />;
  return children;
}
