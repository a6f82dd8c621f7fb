/** The locations feature's public entry: a property's locations table and the dialogs its property menu opens. */
export { AddLocationsDialog } from './dialogs/AddLocationsDialog';
export { AssignMetersDialog } from './dialogs/AssignMetersDialog';
export { LocationsTable } from './table/LocationsTable';
