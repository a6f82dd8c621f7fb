import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLogin } from './useLogin';
import { sessionTimeouts } from './timeouts';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
const MAX_TIMER_MS = 2 ** 31 - 1;

export type LogoutReason = 'inactive' | 'expired';

/**
 * While a signed-in page is open: after the inactivity time-out without any pointer,
 * keyboard or scroll activity, and when the stored login reaches its expiry, the user is
 * sent to /logout.
 */
export function useSessionTimers(): void {
  const navigate = useNavigate();
  const expiresAt = useLogin()?.expiresAt;

  useEffect(() => {
    const { inactivityMs } = sessionTimeouts();
    let lastActivity = Date.now();
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= inactivityMs) void navigate('/logout', { state: { reason: 'inactive' satisfies LogoutReason } });
      else timer = window.setTimeout(check, inactivityMs - idle);
    };
    let timer = window.setTimeout(check, inactivityMs);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [navigate]);

  useEffect(() => {
    if (!expiresAt) return;
    const remaining = Math.max(0, Date.parse(expiresAt) - Date.now());
    if (remaining > MAX_TIMER_MS) return;
    const timer = window.setTimeout(
      () => void navigate('/logout', { state: { reason: 'expired' satisfies LogoutReason } }),
      remaining,
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, navigate]);
}
