import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession } from '../../app/session/session';
import { PageLoader } from '../../ui/PageLoader';

/** /logout: forgets the stored login and the last location, then shows sign-in. */
export function LogoutPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  useEffect(() => {
    endSession();
    void navigate('/auth/login', { replace: true, state });
  }, [navigate, state]);
  return <PageLoader />;
}
