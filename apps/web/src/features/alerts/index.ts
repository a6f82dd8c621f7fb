/** The alerts feature's public entry. */
export { ThresholdsDialog } from './ThresholdsDialog';
