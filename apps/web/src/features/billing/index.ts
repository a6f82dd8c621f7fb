/** The billing feature's public entry: the tariffs dialog of a property's actions menu. Its pages are loaded lazily by app/pages.ts. */
export { TariffsDialog } from './tariffs/TariffsDialog';
