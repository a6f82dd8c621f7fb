/**
 * The locations feature's public entry: a property's locations table, the dialogs its property
 * menu opens, and the table's live events.
 */
export { AddLocationsDialog } from './dialogs/AddLocationsDialog';
export { AssignMetersDialog } from './dialogs/AssignMetersDialog';
export { LocationsTable } from './table/LocationsTable';
export { locationsLive } from './live';
