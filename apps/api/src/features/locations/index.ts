/** What other features use of locations: a location edited in another change. */
export { editLocation } from './service';
