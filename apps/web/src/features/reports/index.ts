/** The reports feature's public entry: a property's reports dialog and its scheduled reports. */
export { PropertyReportsModal } from './PropertyReportsModal';
export { SchedulesDialog } from './schedules/SchedulesDialog';
