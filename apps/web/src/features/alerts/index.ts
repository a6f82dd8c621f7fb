/**
 * The alerts feature's entry for other features: the profile's notification choices, the
 * property's thresholds, and an alert's text (the dashboard lists alerts too).
 */
export { AlertNotifications } from './AlertNotifications';
export { AlertText } from './alertText';
export { ThresholdsDialog } from './ThresholdsDialog';
