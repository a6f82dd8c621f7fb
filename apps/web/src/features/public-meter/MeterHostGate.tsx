import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/PageLoader';
import { useIsMeterHost } from './useIsMeterHost';

/**
 * On the meter-check host name (METER_HOST) every path leads to the public meter lookup,
 * keeping the query (?meter=). The server tells whether this is that host
 * (`routes.publicMeter.host`), so one build serves both names. A failed check counts as
 * the portal host.
 */
export function MeterHostGate() {
  const host = useIsMeterHost();
  const location = useLocation();
  if (host.isPending) return <PageLoader />;
  if (host.data === true && location.pathname.toLowerCase() !== '/meterreadings') {
    return <Navigate to={{ pathname: '/meterreadings', search: location.search }} replace />;
  }
  return <Outlet />;
}
