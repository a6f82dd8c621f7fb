import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type LoginResult, type RoleId } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../i18n';
import { markTokenFresh } from '../lib/api';
import { endSession, storeLogin } from '../lib/session/session';
import { ConfirmProvider } from '../ui/ConfirmProvider';

/**
 * Renders a component as the app does (Mantine, a fresh query cache, the English catalogue,
 * the confirm dialog, a router), for tests that run in a DOM environment
 * (`// @vitest-environment happy-dom` at the top of the test file).
 */
await initI18n();

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const user = userEvent.setup();
  return { user, queryClient, ...render(ui, { wrapper }) };
}

/** Signs a user of this role in, as sign-in would (the token counts as fresh). */
export function signInAs(roleID: RoleId, userAccountID = 7): LoginResult {
  const login = {
    token: `token-${userAccountID}`,
    expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    userAccountBasicInfo: { userAccountID, roleID },
  } as LoginResult;
  storeLogin(login);
  markTokenFresh();
  return login;
}

/** The cells of a table's row, as text. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
