/** What other features use of alerts: the open alerts, a threshold, the notification job. */
export { notifyAlerts } from './notify';
export { openAlerts } from './service';
export { threshold } from './thresholds';
