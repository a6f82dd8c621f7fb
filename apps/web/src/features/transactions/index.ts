/** The Transactions screen's entry for app/: its live events. Its pages are loaded lazily by app/pages.ts. */
export { transactionsLive } from './live';
