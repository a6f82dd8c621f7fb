import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession, getLogin } from '../../lib/session/session';
import { api } from '../../lib/api';
import { z } from 'zod';
import { PageLoader } from '../../ui/PageLoader';

/** Ends the session on the server too, so the token opens nothing even if a copy of it exists. */
async function signOutOnServer(): Promise<void> {
  if (getLogin()) await api.post('Account/SignOut', undefined, z.null()).catch(() => undefined);
}

/** /logout: ends the session, forgets the stored login and the last location, then shows sign-in. */
export function LogoutPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  useEffect(() => {
    void signOutOnServer().finally(() => {
      endSession();
      void navigate('/auth/login', { replace: true, state });
    });
  }, [navigate, state]);
  return <PageLoader />;
}
