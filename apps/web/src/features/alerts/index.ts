/** The alerts feature's entry for other features: the profile's notification choices. */
export { AlertNotifications } from './AlertNotifications';
