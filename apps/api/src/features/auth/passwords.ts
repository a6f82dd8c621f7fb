import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (memory 19 MiB, 2 passes): about 15 ms here.
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * What a sign-in checks when the e-mail has no password (no account, or one never set): a
 * hash made like every password's, when the server starts, so that no sign-in makes it.
 */
const dummyHash: Promise<string> = hashPassword(randomBytes(16).toString('base64url'));

/** Verifies against the stored hash, or does the same work against the dummy when there is none. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const ok = await verify(stored ?? (await dummyHash), password).catch(() => false);
  return stored !== null && ok;
}
