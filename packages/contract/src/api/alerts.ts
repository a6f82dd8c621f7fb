import {
  alertsAction,
  alertsActed,
  alertsPage,
  alertsQuery,
  alertThresholds,
  alertThresholdsRequest,
  notificationPreferences,
} from '../alerts';
import { propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Alerts'], access: propertyStaff } as const;

export const alertsCalls = featureCalls(routes.alerts, defaults, {
  list: {
    summary: 'Alerts of the properties the caller sees, newest first, by property, state and type, a page at a time',
    query: alertsQuery,
    scope: { 'query.siteID': 'site' },
    result: alertsPage,
  },

  acknowledge: {
    summary: 'Acknowledge open alerts, with a note: they stay until their condition clears or someone resolves them',
    body: alertsAction,
    scope: { 'body.alertIDs.*': 'alert' },
    result: alertsActed,
  },

  resolve: {
    summary: 'Resolve alerts by hand, with a note',
    body: alertsAction,
    scope: { 'body.alertIDs.*': 'alert' },
    result: alertsActed,
  },

  preferences: {
    summary: "The caller's choice, per alert type and severity: e-mail at once, a daily digest, or nothing",
    result: notificationPreferences,
  },

  savePreferences: {
    summary: "Sets the caller's notification choices (those left out keep theirs)",
    body: notificationPreferences,
    result: notificationPreferences,
  },

  thresholds: {
    summary: "A property's thresholds of the leak and abnormal-use rules",
    ...siteInQuery,
    result: alertThresholds,
  },

  saveThresholds: {
    summary: "Sets a property's alert thresholds. Administrator or Site Owner",
    body: alertThresholdsRequest,
    scope: { 'body.siteID': 'site' },
    result: alertThresholds,
  },
});
