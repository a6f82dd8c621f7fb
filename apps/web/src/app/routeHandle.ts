/** Route metadata: the catalogue key of the page's title (shown in the subheader). */
export type RouteHandle = {
  title:
    | 'pages.dashboard.title'
    | 'pages.adminPanel.title'
    | 'pages.mySites.title'
    | 'pages.users.title'
    | 'integrations.title'
    | 'pages.transactions.title'
    | 'pages.report.title'
    | 'alerts.title'
    | 'pages.checkInOut.title'
    | 'profile.title'
    | 'appearance.title'
    | 'auth.awaiting.title'
    | 'locations.page.title'
    | 'reservations.title'
    | 'readRoute.title'
    | 'meters.inventory.title'
    | 'billing.statement.heading';
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}
