import type { api } from '@portal/contract';
import { createStore, del, entries, get, set } from 'idb-keyval';
import { newIdempotencyKey } from '../../lib/api';
import type { BodyOf } from '../../lib/client';
import type { ServerMessage } from '../../lib/envelope';

export type ReadingBody = NonNullable<BodyOf<typeof api.meters.addReading>>;

/**
 * A reading entered on the route, kept in the browser (IndexedDB) until the server stored it:
 * `key` is its Idempotency-Key, so sending it again after a lost answer stores it once.
 * `refusal` is the server's reason when it would not store it (the person then decides).
 */
export type QueuedReading = {
  key: string;
  siteID: number;
  servicePointID: number;
  body: ReadingBody;
  enteredAt: string;
  refusal: ServerMessage | null;
};

/** How many readings the phone keeps unsent, and how many bytes of photos among them. */
export const QUEUE_LIMIT = { readings: 1_000, photoBytes: 100 * 1024 * 1024 };

let opened: ReturnType<typeof createStore> | null = null;
/** The browser's store of readings not sent yet, opened once. */
const store = () => (opened ??= createStore('portal-read-route', 'readings'));

const photoBytes = (q: QueuedReading) => Math.floor(((q.body.photo?.length ?? 0) * 3) / 4);

/** The readings of a property not sent yet, in the order they were entered. */
export async function queuedReadings(siteID: number): Promise<QueuedReading[]> {
  const all = (await entries<string, QueuedReading>(store())).map(([, q]) => q);
  return all.filter((q) => q.siteID === siteID).sort((a, b) => a.enteredAt.localeCompare(b.enteredAt));
}

/** Keeps a reading until it is sent; false when the phone holds as many as it may (nothing is kept then). */
export async function keepReading(reading: QueuedReading): Promise<boolean> {
  const all = (await entries<string, QueuedReading>(store())).map(([, q]) => q);
  const bytes = all.reduce((sum, q) => sum + photoBytes(q), photoBytes(reading));
  if (all.length >= QUEUE_LIMIT.readings || bytes > QUEUE_LIMIT.photoBytes) return false;
  await set(reading.key, reading, store());
  return true;
}

export async function forgetReading(key: string): Promise<void> {
  await del(key, store());
}

/** Records why the server refused a reading; it stays on the phone until the person decides. */
export async function refuseReading(key: string, refusal: QueuedReading['refusal']): Promise<void> {
  const reading = await get<QueuedReading>(key, store());
  if (reading) await set(key, { ...reading, refusal }, store());
}

/**
 * A refused reading to send again with another body (the lower value confirmed): under a new
 * Idempotency-Key, since the server answers a key it has seen with its first answer.
 */
export async function amendReading(key: string, body: ReadingBody): Promise<void> {
  const reading = await get<QueuedReading>(key, store());
  if (!reading) return;
  const amended = { ...reading, key: newIdempotencyKey(), body, refusal: null };
  await set(amended.key, amended, store());
  await del(key, store());
}
