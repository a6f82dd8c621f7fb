/** The import of readings from a CSV file: the button a property's page shows, with its dialog. */
export { ImportReadingsButton } from './ImportReadingsButton';
