import type { LogoutReason } from '../../lib/session/useSessionTimers';

/** The reason a forced logout passes on to the sign-in page, read from the router state. */
export function logoutReason(state: unknown): LogoutReason | null {
  if (typeof state !== 'object' || state === null || !('reason' in state)) return null;
  return state.reason === 'inactive' || state.reason === 'expired' ? state.reason : null;
}
