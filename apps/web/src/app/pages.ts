import { type ComponentType, lazy } from 'react';

/** Each page is its own chunk, loaded when first visited. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
export const RegistrationPage = page(() => import('../features/auth/RegistrationPage'), 'RegistrationPage');
export const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
export const SetPasswordPage = page(() => import('../features/auth/SetPasswordPage'), 'SetPasswordPage');
export const AwaitingApprovalPage = page(() => import('../features/auth/AwaitingApprovalPage'), 'AwaitingApprovalPage');
export const ProfilePage = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
export const AppearancePage = page(() => import('../features/appearance/AppearancePage'), 'AppearancePage');
export const TermsPage = page(() => import('../features/terms/TermsPage'), 'TermsPage');
export const MeterReadingsPage = page(() => import('../features/public-meter/MeterReadingsPage'), 'MeterReadingsPage');
export const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
export const AdminPanelPage = page(() => import('../features/admin-panel/AdminPanelPage'), 'AdminPanelPage');
export const MySitesPage = page(() => import('../features/sites/MySitesPage'), 'MySitesPage');
export const UserListPage = page(() => import('../features/users/UserListPage'), 'UserListPage');
export const IntegrationsPage = page(() => import('../features/integrations/IntegrationsPage'), 'IntegrationsPage');
export const TransactionsPage = page(() => import('../features/transactions/TransactionsPage'), 'TransactionsPage');
export const CheckInOutPage = page(() => import('../features/transactions/CheckInOutPage'), 'CheckInOutPage');
export const ReportPage = page(() => import('../features/reports/ReportPage'), 'ReportPage');
export const AlertsPage = page(() => import('../features/alerts/AlertsPage'), 'AlertsPage');
export const PropertyLocationsPage = page(
  () => import('../features/locations/PropertyLocationsPage'),
  'PropertyLocationsPage',
);
export const ReservationsPage = page(() => import('../features/reservations/ReservationsPage'), 'ReservationsPage');
export const ReadRoutePage = page(() => import('../features/read-route/ReadRoutePage'), 'ReadRoutePage');
export const StatementPage = page(() => import('../features/billing/StatementPage'), 'StatementPage');
export const PublicStatementPage = page(() => import('../features/billing/PublicStatementPage'), 'PublicStatementPage');
export const ConfirmRecipientPage = page(
  () => import('../features/reports/schedules/ConfirmRecipientPage'),
  'ConfirmRecipientPage',
);
export const MeterInventoryPage = page(
  () => import('../features/locations/inventory/MeterInventoryPage'),
  'MeterInventoryPage',
);
