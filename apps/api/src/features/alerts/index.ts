/** What other features use of alerts: the open alerts, a threshold, the jobs that tell of alerts. */
export { notifyAlerts } from './notify';
export { openAlerts } from './service';
export { threshold } from './thresholds';
export { tellResolvedAlerts } from './webhook-events';
