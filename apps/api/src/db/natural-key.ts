import { sql, type SQL } from 'drizzle-orm';

/** Digit runs are padded to this many digits; a longer number keeps its digits and sorts less well. */
const DIGITS = 20;
const PAD = sql.raw(`'${'0'.repeat(DIGITS)}\\&'`);
const LAST_DIGITS = sql.raw(`'0*([0-9]{${DIGITS}})'`);

/**
 * A text's key in natural order: lower case, every run of digits padded with zeros to the same
 * width ('Site A-2' → 'site a-00000000000000000002'), so that comparing keys byte by byte
 * (`collate "C"`) puts 'A-2' before 'A-10', as the browser's numeric collation did. Each run
 * gets the zeros in front, then keeps its last digits: leading zeros drop ('007' sorts as '7').
 * Immutable and without parameters, so that a stored generated column keeps it on write
 * (`locations.sort_key`).
 */
export const naturalKey = (text: SQL): SQL =>
  sql`lower(regexp_replace(regexp_replace(${text}, '[0-9]+', ${PAD}, 'g'), ${LAST_DIGITS}, '\\1', 'g'))`;
