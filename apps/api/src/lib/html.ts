import { sql, type SQL } from 'drizzle-orm';

/**
 * System alerts are HTML (the specification's bold meter names); every name a user typed
 * goes into them escaped, so a property or location name cannot put markup on a dashboard.
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `escapeHtml` in SQL, for alert text written by a statement. */
export const escapeHtmlSql = (text: SQL) =>
  sql`replace(replace(replace(replace(replace(${text}, '&', '&#38;'), '<', '&#60;'), '>', '&#62;'), '"', '&#34;'), '''', '&#39;')`;
