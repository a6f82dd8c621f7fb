/** What other features use of reports: the registry, a report prepared and run, its Excel file. */
export { writeReportXlsx } from './excel';
export { type Column } from './registry';
export { lookup, prepare, recordBatches, takesPeriod, type PreparedReport } from './service';
