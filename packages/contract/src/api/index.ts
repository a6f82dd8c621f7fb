import { alertsCalls } from './alerts';
import { authCalls } from './auth';
import { billingCalls } from './billing';
import { businessesCalls } from './businesses';
import { dashboardCalls } from './dashboard';
import { devicesCalls } from './devices';
import { healthCalls } from './health';
import { integrationsCalls } from './integrations';
import { locationsCalls } from './locations';
import { lookupsCalls } from './lookups';
import { metersCalls } from './meters';
import { publicMeterCalls } from './public-meter';
import { reportsCalls } from './reports';
import { schedulesCalls } from './schedules';
import { sitesCalls } from './sites';
import { staysCalls } from './stays';
import { transactionsCalls } from './transactions';
import { usersCalls } from './users';

import type { Call } from './call';

export * from './call';
export * from './access';
export { routes } from './routes';

/**
 * The route table: every call of the API, the specification's and our own, by feature. The
 * server registers a handler for each; the web's client, its query keys and the OpenAPI
 * document are made from it. The specification's call names are written in this folder and nowhere else.
 */
export const api = {
  alerts: alertsCalls,
  auth: authCalls,
  billing: billingCalls,
  businesses: businessesCalls,
  dashboard: dashboardCalls,
  devices: devicesCalls,
  health: healthCalls,
  integrations: integrationsCalls,
  locations: locationsCalls,
  lookups: lookupsCalls,
  meters: metersCalls,
  publicMeter: publicMeterCalls,
  reports: reportsCalls,
  schedules: schedulesCalls,
  sites: sitesCalls,
  stays: staysCalls,
  transactions: transactionsCalls,
  users: usersCalls,
};

/** Every call of the table. */
export const calls: readonly Call[] = Object.values(api).flatMap((group) => Object.values(group));

/** The call's name in the OpenAPI document: its feature and its key (`metersAssign`). */
export function operationIdOf({ key: [feature, name] }: Call): string {
  return `${feature}${name[0]!.toUpperCase()}${name.slice(1)}`;
}
