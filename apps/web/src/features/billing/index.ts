/**
 * The billing feature's public entry: the tariffs dialog of a property's actions menu, and the
 * readings held back that a location's history lists. Its pages are loaded lazily by app/pages.ts.
 */
export { HeldBackReadings } from './held-back/HeldBackReadings';
export { TariffsDialog } from './tariffs/TariffsDialog';
