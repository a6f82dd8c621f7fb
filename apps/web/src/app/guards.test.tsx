// @vitest-environment happy-dom
import { Permission, Role } from '@portal/contract';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storeLogin } from '../lib/session/session';
import { lastLocation, rememberLocation } from '../lib/session/lastLocation';
import { renderWithApp, signInAs } from '../test/render';
import { HomeRedirect, RedirectSignedIn, RequirePermission, RequireSignIn } from './guards';

/** Where the router ended up, and the state it was sent there with. */
function Landed() {
  const { pathname, state } = useLocation();
  return <p data-testid="landed">{`${pathname} ${JSON.stringify(state ?? null)}`}</p>;
}

/** The guards as the router places them, around a page of each kind. */
function app(route: string) {
  renderWithApp(
    <Routes>
      <Route element={<RedirectSignedIn />}>
        <Route path="/auth/login" element={<p>sign-in page</p>} />
      </Route>
      <Route element={<RequireSignIn />}>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="/MySites" element={<p>my properties</p>} />
        <Route path="/profile" element={<p>profile</p>} />
        <Route
          path="/UserList"
          element={
            <RequirePermission permission={Permission.ManageUsers}>
              <p>users</p>
            </RequirePermission>
          }
        />
      </Route>
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route },
  );
}

const landed = () => screen.getByTestId('landed').textContent;

describe('the signed-in pages', () => {
  it('send a visitor to sign-in, and remember the page for afterwards', () => {
    app('/MySites?tab=2');
    expect(screen.getByText('sign-in page')).toBeTruthy();
    expect(lastLocation()).toBe('/MySites?tab=2');
  });

  it('open for a signed-in user', () => {
    signInAs(Role.SiteManager);
    app('/MySites');
    expect(screen.getByText('my properties')).toBeTruthy();
  });

  it('log out an expired login, saying why', () => {
    const login = signInAs(Role.SiteManager);
    storeLogin({ ...login, expiresAt: new Date(Date.now() - 1000).toISOString() });
    app('/MySites');
    expect(landed()).toBe('/logout {"reason":"expired"}');
  });

  it('send an account without a role to wait for approval, but for the pages it may open', () => {
    signInAs(Role.None);
    app('/MySites');
    expect(landed()).toBe('/awaiting-approval null');
  });

  it('let an account without a role open its profile', () => {
    signInAs(Role.None);
    app('/profile');
    expect(screen.getByText('profile')).toBeTruthy();
  });
});

describe('the home page and sign-in', () => {
  it('/ sends an Administrator to the Admin Panel', () => {
    signInAs(Role.Administrator);
    app('/');
    expect(landed()).toBe('/AdminPanel null');
  });

  it('/ sends a Site Owner to My Properties', () => {
    signInAs(Role.SiteOwner);
    app('/');
    expect(screen.getByText('my properties')).toBeTruthy();
  });

  it('sends one who has just signed in back to the page remembered', () => {
    rememberLocation('/profile');
    app('/auth/login');
    expect(screen.getByText('sign-in page')).toBeTruthy();
    act(() => void signInAs(Role.SiteOwner));
    expect(screen.getByText('profile')).toBeTruthy();
  });

  it('sends a signed-in user away from sign-in, to the home page of the role', () => {
    signInAs(Role.Administrator);
    app('/auth/login');
    expect(landed()).toBe('/AdminPanel null');
  });
});

describe('a page the role may not open', () => {
  it('shows the access denied page in place', () => {
    signInAs(Role.SiteManager);
    app('/UserList');
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.queryByText('users')).toBeNull();
  });

  it('opens for a role that may', () => {
    signInAs(Role.SiteOwner);
    app('/UserList');
    expect(screen.getByText('users')).toBeTruthy();
  });
});
