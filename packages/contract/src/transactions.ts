import { z } from 'zod';
import { DateRangeFilter, DEFAULT_DATE_RANGE_FILTER } from './constants';
import { statementTotal } from './billing';
import { whenTyped } from './fields';

const filterIds = Object.values(DateRangeFilter) as number[];

/** History filter: 3 Last 7 Days, 4 Last 30 Days, 7 Month To Date, 14 All (default 3). */
export const dateRangeFilter = z.coerce
  .number({ error: 'fieldNotValid' })
  .int('fieldNotValid')
  .refine((v) => filterIds.includes(v), 'fieldNotValid');

export const completedStaysQuery = z.object({
  CurrentDateRangeFilter: dateRangeFilter.optional().default(DEFAULT_DATE_RANGE_FILTER),
});
export const completedStaysBody = completedStaysQuery.optional();

/** At most this many rows per answer, newest first. */
export const TRANSACTIONS_MAX_ROWS = 5_000;

export const stayGuest = z.object({ firstName: z.string(), lastName: z.string().nullable(), mobileNumber: z.string() });
export type StayGuest = z.infer<typeof stayGuest>;

export const stayTransaction = z.object({
  stayID: z.int32(),
  siteName: z.string(),
  /** The property's IANA time zone: the screen and the exports show the stay's times in it. */
  timeZone: z.string(),
  locationDescription: z.string(),
  guest: stayGuest.nullable(),
  /** ISO 8601, UTC. */
  checkinDateTime: z.string(),
  checkoutDateTime: z.string().nullable(),
  /** kWh of the stay (so far, for an open stay), truncated to 2 decimals. */
  usage: z.number(),
  /** A reading the stay opens or closes at was estimated (shown "Estimated"). */
  estimated: z.boolean(),
  /** The stay's statement total (features/billing). */
  statementTotal,
  checkInByUserName: z.string().nullable(),
  /** Null for an open stay and for an automatic check-out (no user did it). */
  checkOutByUserName: z.string().nullable(),
});
export type StayTransaction = z.infer<typeof stayTransaction>;
export const stayTransactions = z.array(stayTransaction);

/** A guest as the Transactions screen names them: first and last name. */
export function guestName(guest: StayGuest | null): string {
  return guest ? [guest.firstName, guest.lastName].filter(Boolean).join(' ') : '';
}

/** Who checked a stay out: a staff member, `automatic` (the label in the user's language) when nobody did, '' while open. */
export function checkedOutBy(stay: StayTransaction, automatic: string): string {
  if (stay.checkoutDateTime === null) return '';
  return stay.checkOutByUserName ?? automatic;
}

/**
 * The Transactions search, used by the table and by the export alike: the text (trimmed, in
 * any case) appears in the property, location, guest name or phone, or who checked the stay
 * in or out, as the table shows them. Dates and usage are not searched.
 */
export function matchesTransactionSearch(stay: StayTransaction, search: string, automatic: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return true;
  return [
    stay.siteName,
    stay.locationDescription,
    guestName(stay.guest),
    stay.guest?.mobileNumber ?? '',
    stay.checkInByUserName ?? '',
    checkedOutBy(stay, automatic),
  ].some((text) => text.toLowerCase().includes(wanted));
}

export const TRANSACTION_TABS = ['current', 'history'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** The export's columns in order; the Current Visits export has no check-out columns. */
export const TRANSACTION_EXPORT_COLUMNS = [
  'property',
  'location',
  'guest',
  'guestPhone',
  'checkIn',
  'checkOut',
  'timeZone',
  'usage',
  'estimated',
  'checkedInBy',
  'checkedOutBy',
] as const;
export type TransactionExportColumn = (typeof TRANSACTION_EXPORT_COLUMNS)[number];
export const HISTORY_ONLY_COLUMNS: readonly TransactionExportColumn[] = ['checkOut', 'checkedOutBy'];

const exportLabel = z.string().trim().min(1, 'requiredField').max(100, 'maxLength');

/**
 * Export of a Transactions tab as the user sees it: the tab, History's date filter and the
 * search text; the words of the file (title, column headers, 'Automatic') in the user's
 * language, as the screen shows them.
 */
export const transactionsExportRequest = z.object({
  tab: z.enum(TRANSACTION_TABS),
  currentDateRangeFilter: dateRangeFilter.optional().default(DEFAULT_DATE_RANGE_FILTER),
  search: z.string().max(100, 'maxLength').optional().default(''),
  format: z.enum(['xlsx', 'csv']),
  labels: z.object({
    title: exportLabel,
    automatic: exportLabel,
    columns: z
      .object(
        Object.fromEntries(TRANSACTION_EXPORT_COLUMNS.map((c) => [c, exportLabel])) as Record<
          TransactionExportColumn,
          typeof exportLabel
        >,
      )
      .refine((columns) => new Set(Object.values(columns)).size === TRANSACTION_EXPORT_COLUMNS.length, {
        message: 'fieldNotValid',
        ...whenTyped(TRANSACTION_EXPORT_COLUMNS),
      }),
  }),
});
export type TransactionsExportRequest = z.input<typeof transactionsExportRequest>;

/** Transactions_History_2026-11-23.xlsx (Transactions_CurrentVisits_… for the other tab). */
export function transactionsFileName(tab: TransactionTab, day: string, format: 'xlsx' | 'csv'): string {
  return `Transactions_${tab === 'current' ? 'CurrentVisits' : 'History'}_${day}.${format}`;
}
