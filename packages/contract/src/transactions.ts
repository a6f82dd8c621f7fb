import { z } from 'zod';
import { DateRangeFilter, DEFAULT_DATE_RANGE_FILTER } from './constants';

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

export const stayTransaction = z.object({
  stayID: z.number().int(),
  siteName: z.string(),
  locationDescription: z.string(),
  /** ISO 8601, UTC. */
  checkinDateTime: z.string(),
  checkoutDateTime: z.string().nullable(),
  /** kWh of the stay (so far, for an open stay), truncated to 2 decimals. */
  usage: z.number(),
  checkInByUserName: z.string().nullable(),
  checkOutByUserName: z.string().nullable(),
});
export type StayTransaction = z.infer<typeof stayTransaction>;
export const stayTransactions = z.array(stayTransaction);
