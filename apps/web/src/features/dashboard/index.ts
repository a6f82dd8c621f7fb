/** The dashboard's public entry: its figures (shown on the admin panel too) and its query keys (refreshed by the hub). */
export { DashboardStats } from './components/DashboardStats';
export { dashboardKeys } from './queryKeys';
