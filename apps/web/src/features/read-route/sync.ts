import { api } from '@portal/contract';
import { send, worthRetrying } from '../../lib/api';
import { ApiError } from '../../lib/apiError';
import { forgetReading, queuedReadings, refuseReading } from './queue';

const addReading = api.meters.addReading;

/** What a round of sending did: how many readings the server stored, and whether it stopped before the end. */
export type Sent = { stored: number; stopped: boolean };

/**
 * Sends a property's readings not sent yet, oldest first, each with its own Idempotency-Key: a
 * stored one leaves the phone; one the server refuses, or asks to confirm (a value below the
 * reading before it, come from elsewhere meanwhile), stays with the reason for the person; no
 * answer (offline, the server away) or a session that ended (the walk outlasted it: the person
 * signs in again) stops the round and leaves the rest waiting.
 */
export async function sendQueued(siteID: number): Promise<Sent> {
  let stored = 0;
  for (const reading of await queuedReadings(siteID)) {
    if (reading.refusal) continue;
    try {
      const answer = await send(addReading, { body: reading.body, idempotencyKey: reading.key }, addReading.result);
      if (answer.result.overrideConfirmation) {
        await refuseReading(reading.key, answer.message);
      } else {
        await forgetReading(reading.key);
        stored += 1;
      }
    } catch (e) {
      if (worthRetrying(e) || !(e instanceof ApiError) || e.status === 401) return { stored, stopped: true };
      await refuseReading(reading.key, { code: e.messageCode, params: e.params, text: e.message });
    }
  }
  return { stored, stopped: false };
}
