/** The alerts feature's entry for other features: the profile's notification choices, the property's thresholds. */
export { AlertNotifications } from './AlertNotifications';
export { ThresholdsDialog } from './ThresholdsDialog';
