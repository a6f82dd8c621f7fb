/** What other features use of sites: the properties a caller sees. */
export { listVisible } from './service';
