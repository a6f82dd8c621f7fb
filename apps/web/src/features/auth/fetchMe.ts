import { api } from '@portal/contract';
import { request } from '../../lib/client';

/** Imported when the account is first asked for: the route table brings zod, which start-up leaves to the pages. */
export async function fetchMe(signal: AbortSignal) {
  return (await request(api.auth.me, { signal })).result;
}
