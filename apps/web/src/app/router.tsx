import { Permission } from '@portal/contract';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { AuthLayout } from './layout/AuthLayout';
import { LogoutPage } from '../features/auth';
import { ErrorContent, ErrorPage } from '../features/errors';
import { MeterHostGate } from '../features/public-meter';
import { HomeRedirect, RedirectSignedIn, RequirePermission, RequireSignIn } from './guards';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import * as pages from './pages';
import type { RouteHandle } from './routeHandle';

const titled = (title: RouteHandle['title']): RouteHandle => ({ title });

const authRoutes: RouteObject = {
  element: <RedirectSignedIn />,
  children: [
    {
      path: 'auth',
      element: <AuthLayout />,
      children: [
        { index: true, element: <Navigate to="/auth/login" replace /> },
        { path: 'login', element: <pages.LoginPage /> },
        { path: 'registration', element: <pages.RegistrationPage /> },
        { path: 'forgot-password', element: <pages.ForgotPasswordPage /> },
        { path: 'set-password/:token', element: <pages.SetPasswordPage /> },
        { path: '*', element: <Navigate to="/auth/login" replace /> },
      ],
    },
  ],
};

const publicRoutes: RouteObject = {
  element: <PublicLayout />,
  children: [
    { path: 'terms', element: <pages.TermsPage /> },
    { path: 'meterreadings', element: <pages.MeterReadingsPage /> },
    // The guest link's page: case-sensitive, so that the staff's /Statement/:stayId is not taken for it.
    { path: 'statement/:token', caseSensitive: true, element: <pages.PublicStatementPage /> },
    // The link mailed to an outside recipient of scheduled reports, to confirm.
    { path: 'report-recipient/:token', element: <pages.ConfirmRecipientPage /> },
    { path: 'error', element: <ErrorPage /> },
    { path: 'error/:variant', element: <ErrorPage /> },
  ],
};

const signedInRoutes: RouteObject = {
  element: <RequireSignIn />,
  children: [
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          path: 'AdminPanel',
          handle: titled('pages.adminPanel.title'),
          element: (
            <RequirePermission permission={Permission.AdminPanel}>
              <pages.AdminPanelPage />
            </RequirePermission>
          ),
        },
        {
          path: 'AdminPanel/meters',
          handle: titled('meters.inventory.title'),
          element: (
            <RequirePermission permission={Permission.AdminPanel}>
              <pages.MeterInventoryPage />
            </RequirePermission>
          ),
        },
        { path: 'MySites', handle: titled('pages.mySites.title'), element: <pages.MySitesPage /> },
        { path: 'Locations/:siteId', handle: titled('locations.page.title'), element: <pages.PropertyLocationsPage /> },
        { path: 'Reservations/:siteId', handle: titled('reservations.title'), element: <pages.ReservationsPage /> },
        { path: 'ReadingRoute/:siteId', handle: titled('readRoute.title'), element: <pages.ReadRoutePage /> },
        { path: 'Statement/:stayId', handle: titled('billing.statement.heading'), element: <pages.StatementPage /> },
        {
          path: 'UserList',
          handle: titled('pages.users.title'),
          element: (
            <RequirePermission permission={Permission.ManageUsers}>
              <pages.UserListPage />
            </RequirePermission>
          ),
        },
        {
          path: 'Integrations',
          handle: titled('integrations.title'),
          element: (
            <RequirePermission permission={Permission.ManageUsers}>
              <pages.IntegrationsPage />
            </RequirePermission>
          ),
        },
        {
          path: 'Transaction',
          handle: titled('pages.transactions.title'),
          element: (
            <RequirePermission permission={Permission.ManageTransactions}>
              <pages.TransactionsPage />
            </RequirePermission>
          ),
        },
        { path: 'Report', handle: titled('pages.report.title'), element: <pages.ReportPage /> },
        {
          path: 'Alerts',
          handle: titled('alerts.title'),
          element: (
            <RequirePermission permission={Permission.Dashboard}>
              <pages.AlertsPage />
            </RequirePermission>
          ),
        },
        {
          path: 'dashboard',
          handle: titled('pages.dashboard.title'),
          element: (
            <RequirePermission permission={Permission.Dashboard}>
              <pages.DashboardPage />
            </RequirePermission>
          ),
        },
        { path: 'CheckIn-Checkout', handle: titled('pages.checkInOut.title'), element: <pages.CheckInOutPage /> },
        { path: 'profile', handle: titled('profile.title'), element: <pages.ProfilePage /> },
        { path: 'appearance', handle: titled('appearance.title'), element: <pages.AppearancePage /> },
        { path: 'builder', element: <Navigate to="/appearance" replace /> },
        { path: 'awaiting-approval', handle: titled('auth.awaiting.title'), element: <pages.AwaitingApprovalPage /> },
        { path: '*', element: <Navigate to="/error/error-v1" replace /> },
      ],
    },
  ],
};

/**
 * Every route of the portal. Paths match case-insensitively (/mysites is /MySites), but for
 * the guest's /statement/:token, which is the staff's /Statement/:stayId in lower case.
 * Not signed in, any path outside sign-in, logout, terms, the meter lookup, a guest's
 * statement, a report recipient's confirmation and the error pages leads to /auth/login; an unknown path of a signed-in user
 * leads to /error/error-v1.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <MeterHostGate />,
    errorElement: <ErrorContent variant="index" />,
    children: [authRoutes, { path: 'logout', element: <LogoutPage /> }, publicRoutes, signedInRoutes],
  },
]);
