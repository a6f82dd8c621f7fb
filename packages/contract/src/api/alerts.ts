import {
  alertsAction,
  alertsActed,
  alertsPage,
  alertsQuery,
  alertThresholds,
  alertThresholdsRequest,
  notificationPreferences,
  siteQuery,
} from '../alerts';
import { propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Alerts'];

export const alertsCalls = {
  list: call({
    ...routes.alerts.list,
    summary: 'Alerts of the properties the caller sees, newest first, by property, state and type, a page at a time',
    tags,
    access: propertyStaff,
    query: alertsQuery,
    scope: { 'query.siteID': 'site' },
    result: alertsPage,
  }),

  acknowledge: call({
    ...routes.alerts.acknowledge,
    summary: 'Acknowledge open alerts, with a note: they stay until their condition clears or someone resolves them',
    tags,
    access: propertyStaff,
    body: alertsAction,
    scope: { 'body.alertIDs.*': 'alert' },
    result: alertsActed,
  }),

  resolve: call({
    ...routes.alerts.resolve,
    summary: 'Resolve alerts by hand, with a note',
    tags,
    access: propertyStaff,
    body: alertsAction,
    scope: { 'body.alertIDs.*': 'alert' },
    result: alertsActed,
  }),

  preferences: call({
    ...routes.alerts.preferences,
    summary: "The caller's choice, per alert type and severity: e-mail at once, a daily digest, or nothing",
    tags,
    access: propertyStaff,
    result: notificationPreferences,
  }),

  savePreferences: call({
    ...routes.alerts.savePreferences,
    summary: "Sets the caller's notification choices (those left out keep theirs)",
    tags,
    access: propertyStaff,
    body: notificationPreferences,
    result: notificationPreferences,
  }),

  thresholds: call({
    ...routes.alerts.thresholds,
    summary: "A property's thresholds of the leak and abnormal-use rules",
    tags,
    access: propertyStaff,
    query: siteQuery,
    scope: { 'query.siteID': 'site' },
    result: alertThresholds,
  }),

  saveThresholds: call({
    ...routes.alerts.saveThresholds,
    summary: "Sets a property's alert thresholds. Administrator or Site Owner",
    tags,
    access: propertyStaff,
    body: alertThresholdsRequest,
    scope: { 'body.siteID': 'site' },
    result: alertThresholds,
  }),
};
