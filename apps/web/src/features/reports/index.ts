/** The reports feature's public entry: a property's reports dialog. */
export { PropertyReportsModal } from './PropertyReportsModal';
