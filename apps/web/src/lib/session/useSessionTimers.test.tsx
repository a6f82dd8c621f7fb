// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/render';
import { storageKeys } from '../storage';
import { useSessionTimers } from './useSessionTimers';

function SignedInPage() {
  useSessionTimers();
  return <p>signed in</p>;
}

function LogoutPage() {
  const state: unknown = useLocation().state;
  const reason = typeof state === 'object' && state !== null && 'reason' in state ? String(state.reason) : '';
  return <p>signed out: {reason}</p>;
}

function showSignedInPage() {
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<SignedInPage />} />
        <Route path="/logout" element={<LogoutPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the session timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.testTimeouts, JSON.stringify({ inactivityMs: 10_000 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('sign the user out after the inactivity time-out without activity', async () => {
    signInAs(Role.SiteManager);
    showSignedInPage();
    await advance(9_999);
    expect(screen.getByText('signed in')).toBeTruthy();
    await advance(1);
    expect(screen.getByText('signed out: inactive')).toBeTruthy();
  });

  it('count the time-out again from the last pointer, key or scroll activity', async () => {
    signInAs(Role.SiteManager);
    showSignedInPage();
    await advance(6_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(6_000);
    fireEvent.pointerDown(document.body);
    await advance(9_000);
    expect(screen.getByText('signed in')).toBeTruthy();
    await advance(1_000);
    expect(screen.getByText('signed out: inactive')).toBeTruthy();
  });

  it('sign the user out when the login expires, activity or not', async () => {
    const login = signInAs(Role.SiteManager);
    localStorage.setItem(storageKeys.testTimeouts, JSON.stringify({ inactivityMs: 60 * 60_000 }));
    const expiresIn = Date.parse(login.expiresAt) - Date.now();
    showSignedInPage();
    await advance(expiresIn - 1);
    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.getByText('signed in')).toBeTruthy();
    await advance(1);
    expect(screen.getByText('signed out: expired')).toBeTruthy();
  });
});
