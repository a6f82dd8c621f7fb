import { useMutation, useQuery } from '@tanstack/react-query';
import { api, LOGIN_SUBMIT_DELAY_MS, type LoginResult } from '@portal/contract';
import { markTokenFresh } from '../../lib/api';
import { client, queryOf } from '../../lib/client';
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
        const { result } = await client.auth.signIn({ body: { Username: email, Password: password } });
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
      (await client.auth.register({ body: input })).result,
  });
}

/** The modal calls the Account endpoint, the page the auth one; both answer a text to show. */
export function useForgotPassword(via: 'modal' | 'page') {
  return useMutation({
    mutationFn: async ({ email }: { email: string }) => {
      const answer =
        via === 'modal'
          ? await client.auth.requestResetByQuery({ query: { email } })
          : await client.auth.requestReset({ body: { email } });
      return answer.result;
    },
  });
}

export function usePasswordTokenCheck(token: string) {
  return useQuery({
    ...queryOf(api.auth.checkResetLink, { query: { token } }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      (await client.auth.setForgottenPassword({ body: input })).message,
  });
}

/** Changing the password ends other sessions: the answer is a fresh login that replaces the stored one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      const answer = await client.auth.changeOwnPassword({ body: input });
      signedIn(answer.result);
      return answer.message;
    },
  });
}
