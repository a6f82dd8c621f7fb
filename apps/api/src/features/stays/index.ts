/** What other features use of stays: the automatic check-out. */
export { autoCheckOut } from './service';
