import { useMutation, useQuery } from '@tanstack/react-query';
import { LOGIN_SUBMIT_DELAY_MS, type LoginResult, loginResult } from '@portal/contract';
import { z } from 'zod';
import { api, markTokenFresh } from '../../lib/api';
import { storeLogin } from '../../lib/session/session';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function signedIn(result: LoginResult): LoginResult {
  markTokenFresh();
  storeLogin({ token: result.token, expiresAt: result.expiresAt, userAccountBasicInfo: result.userAccountBasicInfo });
  return result;
}

/** Sign-in answers no sooner than LOGIN_SUBMIT_DELAY_MS after submit, success or failure. */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      const started = Date.now();
      try {
        const { result } = await api.post(
          'Account/Authenticate',
          { Username: email, Password: password },
          loginResult,
          { anonymous: true },
        );
        return result;
      } finally {
        await wait(LOGIN_SUBMIT_DELAY_MS - (Date.now() - started));
      }
    },
    onSuccess: signedIn,
  });
}

/** Registration answers a text to show (the same for a new and a known e-mail); the account signs in afterwards. */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: { email: string; fullname: string; username: string; password: string }) =>
      (await api.post('auth/register', input, z.string(), { anonymous: true })).result,
  });
}

/** The modal calls the Account endpoint, the page the auth one; both answer a text to show. */
export function useForgotPassword(via: 'modal' | 'page') {
  return useMutation({
    mutationFn: async ({ email }: { email: string }) => {
      const answer =
        via === 'modal'
          ? await api.put('Account/ForgotPasswordRequest', undefined, z.string(), { anonymous: true, query: { email } })
          : await api.post('auth/forgot-password', { email }, z.string(), { anonymous: true });
      return answer.result;
    },
  });
}

export function usePasswordTokenCheck(token: string) {
  return useQuery({
    queryKey: ['passwordToken', token],
    queryFn: async ({ signal }) =>
      (await api.get('Account/PasswordTokenValidate', z.boolean(), { anonymous: true, query: { token }, signal }))
        .result,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      (await api.put('Account/UpdateForgotPassword', input, z.boolean(), { anonymous: true })).message,
  });
}

/** Changing the password ends other sessions: the answer is a fresh login that replaces the stored one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      const answer = await api.put('Account/ChangePassword', input, loginResult);
      signedIn(answer.result);
      return answer.message;
    },
  });
}
