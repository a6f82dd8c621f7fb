import { me } from '@portal/contract';
import { api } from '../../lib/api';

/** Imported when the account is first asked for: its schema brings zod, which start-up leaves to the pages. */
export async function fetchMe(signal: AbortSignal) {
  return (await api.get('me', me, { signal })).result;
}
