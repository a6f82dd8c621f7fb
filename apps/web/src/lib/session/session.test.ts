import { loginResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isLoginResult } from './session';

const login = {
  token: 'a.b.c',
  expiresAt: '2030-01-01T00:00:00Z',
  userAccountBasicInfo: { userAccountID: 7, roleID: 1 },
};

describe("the stored login's hand-written check agrees with the contract's loginResult", () => {
  it.each([
    login,
    { ...login, extra: true },
    { ...login, token: 1 },
    { ...login, expiresAt: null },
    { ...login, userAccountBasicInfo: { userAccountID: 7 } },
    { ...login, userAccountBasicInfo: { userAccountID: 7.5, roleID: 1 } },
    { ...login, userAccountBasicInfo: null },
    { token: 'a.b.c' },
    null,
    [],
  ])('%j', (value) => {
    expect(isLoginResult(value)).toBe(loginResult.safeParse(value).success);
  });
});
