type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A feature's calls, each given its key: `['meters', 'assign']`, the start of its cache keys on the web. */
function feature<const F extends string, const R extends Record<string, { method: Method; path: string }>>(
  name: F,
  entries: R,
): { [K in keyof R]: R[K] & { readonly key: readonly [F, K] } } {
  return Object.fromEntries(Object.entries(entries).map(([key, r]) => [key, { ...r, key: [name, key] }])) as never;
}

/**
 * The method and path of every call, by feature: the one place the specification's call names
 * are written. Plain data, so that the web's start-up code can make its few calls without the
 * schemas; each feature's file in this folder completes the entries into the route table.
 */
export const routes = {
  alerts: feature('alerts', {
    list: { method: 'GET', path: '/api/Alerts/GetAlerts' },
    acknowledge: { method: 'POST', path: '/api/Alerts/Acknowledge' },
    resolve: { method: 'POST', path: '/api/Alerts/Resolve' },
    preferences: { method: 'GET', path: '/api/Account/NotificationPreferences' },
    savePreferences: { method: 'PUT', path: '/api/Account/NotificationPreferences' },
    thresholds: { method: 'GET', path: '/api/Site/GetAlertThresholds' },
    saveThresholds: { method: 'PUT', path: '/api/Site/UpdateAlertThresholds' },
  }),
  auth: feature('auth', {
    signIn: { method: 'POST', path: '/api/Account/Authenticate' },
    refresh: { method: 'POST', path: '/api/Account/RefreshToken' },
    signOut: { method: 'POST', path: '/api/Account/SignOut' },
    me: { method: 'GET', path: '/api/me' },
    register: { method: 'POST', path: '/api/auth/register' },
    requestResetByQuery: { method: 'PUT', path: '/api/Account/ForgotPasswordRequest' },
    requestReset: { method: 'POST', path: '/api/auth/forgot-password' },
    checkResetLink: { method: 'GET', path: '/api/Account/PasswordTokenValidate' },
    setForgottenPassword: { method: 'PUT', path: '/api/Account/UpdateForgotPassword' },
    changeOwnPassword: { method: 'PUT', path: '/api/Account/ChangePassword' },
  }),
  billing: feature('billing', {
    tariffs: { method: 'GET', path: '/api/Billing/GetTariffs' },
    createTariff: { method: 'POST', path: '/api/Billing/CreateTariffVersion' },
    statement: { method: 'GET', path: '/api/Billing/GetStayStatement' },
    statementPdf: { method: 'GET', path: '/api/Billing/GetStayStatementPdf' },
    revokeLink: { method: 'POST', path: '/api/Billing/RevokeStatementLink' },
    heldBack: { method: 'GET', path: '/api/Billing/GetHeldBackReadings' },
    confirmReading: { method: 'POST', path: '/api/Billing/ConfirmReading' },
    discardReading: { method: 'POST', path: '/api/Billing/DiscardReading' },
    issueLink: { method: 'POST', path: '/api/Billing/IssueStatementLink' },
    publicStatement: { method: 'GET', path: '/api/Public/Statement' },
    publicStatementPdf: { method: 'GET', path: '/api/Public/StatementPdf' },
  }),
  businesses: feature('businesses', {
    lookup: { method: 'GET', path: '/api/GetAllBusinessLookup' },
    list: { method: 'GET', path: '/api/Business/GetAllBusEntities' },
    withProperties: { method: 'GET', path: '/api/Business/GetBusEntitiesWithSites' },
    create: { method: 'POST', path: '/api/Business/CreateBusEntity' },
    update: { method: 'PUT', path: '/api/Business/UpdateBusEntity' },
  }),
  dashboard: feature('dashboard', {
    realtime: { method: 'GET', path: '/api/GetRealtimeStats' },
    alerts: { method: 'GET', path: '/api/GetSystemAlerts' },
    stats: { method: 'GET', path: '/api/Report/DashboardStats' },
    usageByProperty: { method: 'GET', path: '/api/Dashboard/UsageBySite' },
  }),
  devices: feature('devices', {
    sendCommand: { method: 'PUT', path: '/api/SendDeviceControlMessage' },
    sendCommands: { method: 'PUT', path: '/api/BulkSendDeviceControlMessage' },
    command: { method: 'GET', path: '/api/GetDeviceControlMessage' },
    latestOperations: { method: 'GET', path: '/api/GetServicePointCapabilitiesLatestOperationsByLocationID' },
    capabilitiesOfProperty: { method: 'GET', path: '/api/getServicePointCapabilitiesBySiteID' },
  }),
  health: feature('health', {
    health: { method: 'GET', path: '/api/health' },
  }),
  integrations: feature('integrations', {
    createApiKey: { method: 'POST', path: '/api/Integrations/CreateApiKey' },
    apiKeys: { method: 'GET', path: '/api/Integrations/GetApiKeys' },
    revokeApiKey: { method: 'POST', path: '/api/Integrations/RevokeApiKey' },
  }),
  locations: feature('locations', {
    table: { method: 'GET', path: '/api/GetAllLocationsWithMetersBySiteID' },
    page: { method: 'GET', path: '/api/Locations/GetLocationsPage' },
    row: { method: 'GET', path: '/api/GetSiteWithLocationStatsSignalRCall' },
    usage: { method: 'GET', path: '/api/GetLocationMeterUsageForMeterByLocationID' },
    detail: { method: 'GET', path: '/api/Site/:siteId/Location/:locationId' },
    createMany: { method: 'POST', path: '/api/BulkCreateLocationWithSetting' },
    edit: { method: 'PUT', path: '/api/UpdateLocation' },
    editBasics: { method: 'PUT', path: '/api/UpdateLocationBasicInfo' },
    toggleDeleted: { method: 'PUT', path: '/api/ServicePoint/UpdateLocationDeletedStatus' },
    remove: { method: 'DELETE', path: '/api/DeleteLocationWithSetting' },
    move: { method: 'PUT', path: '/api/MoveLocation' },
    moveMany: { method: 'PUT', path: '/api/BulkMoveLocation' },
    switchSelection: { method: 'PUT', path: '/api/Locations/SwitchSelection' },
    moveSelection: { method: 'PUT', path: '/api/Locations/MoveSelection' },
    monitorSelection: { method: 'PUT', path: '/api/Locations/SetSelectionMonitoring' },
    history: { method: 'GET', path: '/api/GetStayTransactionsUsageByLocationID' },
  }),
  lookups: feature('lookups', {
    states: { method: 'GET', path: '/api/GetAllStates' },
    statesOfProperties: { method: 'GET', path: '/api/GetSiteState' },
    countries: { method: 'GET', path: '/api/GetAllCountries' },
    timeZones: { method: 'GET', path: '/api/GetTimeZones' },
    locationTypes: { method: 'GET', path: '/api/GetAllLocationTypes' },
  }),
  meters: feature('meters', {
    stockOptions: { method: 'GET', path: '/api/GetMetersMapToLocation' },
    assignable: { method: 'GET', path: '/api/GetLocationsToAssignMeters' },
    assign: { method: 'POST', path: '/api/AddMeterToLocation' },
    assignMany: { method: 'POST', path: '/api/AssignMetersToLocations' },
    unassign: { method: 'DELETE', path: '/api/DeleteMeterFromLocation' },
    addReading: { method: 'POST', path: '/api/AddManualMeterReading' },
    setMonitoring: { method: 'PUT', path: '/api/UpdateLocationMonitoring' },
    setMonitoringMany: { method: 'PUT', path: '/api/BulkUpdateLocationMonitoring' },
    inventory: { method: 'GET', path: '/api/ServicePoint/GetMeterInventory' },
    create: { method: 'POST', path: '/api/ServicePoint/CreateMeter' },
    setMaxRate: { method: 'PUT', path: '/api/ServicePoint/SetMaxRate' },
  }),
  publicMeter: feature('publicMeter', {
    lookUp: { method: 'GET', path: '/api/Report/GetElectricMeterInformationByLocationPublicName' },
    host: { method: 'GET', path: '/api/PublicMeter/Host' },
  }),
  reports: feature('reports', {
    types: { method: 'GET', path: '/api/Report/ReportsLookup' },
    descriptions: { method: 'GET', path: '/api/Report/SearchLocationDescriptions' },
    records: { method: 'GET', path: '/api/Report/ReportRecords' },
    excel: { method: 'GET', path: '/api/Report/GetDynamicExcel' },
  }),
  schedules: feature('schedules', {
    list: { method: 'GET', path: '/api/Report/GetSchedules' },
    upsert: { method: 'POST', path: '/api/Report/UpsertSchedule' },
    remove: { method: 'DELETE', path: '/api/Report/DeleteSchedule' },
    runs: { method: 'GET', path: '/api/Report/GetScheduleRuns' },
    recipient: { method: 'GET', path: '/api/Public/ReportRecipient' },
    confirmRecipient: { method: 'POST', path: '/api/Public/ConfirmReportRecipient' },
  }),
  sites: feature('sites', {
    settings: { method: 'GET', path: '/api/Site/GetSiteSetting' },
    saveSettings: { method: 'POST', path: '/api/site/UpsertSiteSetting' },
    visible: { method: 'GET', path: '/api/site/GetSitesWithLocationStatesBasedOnUserRole' },
    ofBusiness: { method: 'GET', path: '/api/Site/GetSitesWithLocationStatsByBusEntityID' },
    create: { method: 'POST', path: '/api/Site/CreateSite' },
    update: { method: 'PUT', path: '/api/Site/UpdateSite' },
    setMonitoring: { method: 'PUT', path: '/api/Site/UpdateSiteMonitoring' },
    remove: { method: 'DELETE', path: '/api/site/DeleteSite' },
    lookupOfBusiness: { method: 'GET', path: '/api/GetSitesLookupByBusEntityID' },
    lookupOfUser: { method: 'GET', path: '/api/GetAllSitesLookupByUserAccountID' },
    partners: { method: 'GET', path: '/api/GetSitePartners' },
    integrations: { method: 'GET', path: '/api/GetAllIntegrations' },
  }),
  stays: feature('stays', {
    checkIn: { method: 'POST', path: '/api/CheckinLocationServicePointCapabilities' },
    checkOut: { method: 'POST', path: '/api/CheckOutLocationServicePointCapabilities' },
    current: { method: 'GET', path: '/api/GetCurrentStayByLocationID' },
    editWithServices: { method: 'PUT', path: '/api/UpdateLocationServicePointCapabilities' },
    retryRelays: { method: 'POST', path: '/api/ServicePoint/RetryLatestCapabilitiesRelayStates' },
    guests: { method: 'GET', path: '/api/Guest/GetGuests' },
  }),
  transactions: feature('transactions', {
    current: { method: 'GET', path: '/api/ServicePoint/GetActiveStayTransactionsUsageByDateRange' },
    completed: { method: 'GET', path: '/api/ServicePoint/GetCompletedStayTransactionsUsageByDateRange' },
    completedByBody: { method: 'POST', path: '/api/ServicePoint/GetCompletedStayTransactionsUsageByDateRange' },
    exportFile: { method: 'POST', path: '/api/ServicePoint/ExportStayTransactions' },
  }),
  users: feature('users', {
    list: { method: 'GET', path: '/api/Account/GetAllUserAccounts' },
    create: { method: 'POST', path: '/api/Account/CreateUserAccount' },
    update: { method: 'PUT', path: '/api/Account/UpdateUserAccount' },
  }),
};
