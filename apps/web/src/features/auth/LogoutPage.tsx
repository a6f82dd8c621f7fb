import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession, getLogin } from '../../lib/session/session';
import { routes } from '@portal/contract';
import { checkedBy, send } from '../../lib/api';
import { PageLoader } from '../../ui/PageLoader';

const isNull = checkedBy((value: unknown): value is null => value === null);

/** Ends the session on the server too, so the token opens nothing even if a copy of it exists. */
async function signOutOnServer(): Promise<void> {
  if (getLogin()) await send(routes.auth.signOut, {}, isNull).catch(() => undefined);
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
