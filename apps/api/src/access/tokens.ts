import { jwtVerify, SignJWT, errors } from 'jose';

const ALG = 'HS256';
const ISSUER = 'metering-portal';

export type TokenClaims = {
  userAccountId: number;
  tokenVersion: number;
  roleId: number;
  /** The session (sessions.id) and its generation when this token was issued. */
  sessionId: string;
  generation: number;
};

export type Tokens = {
  /** A token valid for the configured minutes, and never past `notAfter` (its session's end). */
  sign(claims: TokenClaims, now: Date, notAfter?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null for a bad, expired or foreign one. */
  verify(token: string, now: Date): Promise<TokenClaims | null>;
};

export function createTokens(secret: string, ttlMinutes: number): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, now, notAfter) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = Math.min(iat + ttlMinutes * 60, notAfter ? Math.floor(notAfter.getTime() / 1000) : Infinity);
      const token = await new SignJWT({
        ver: claims.tokenVersion,
        role: claims.roleId,
        sid: claims.sessionId,
        gen: claims.generation,
      })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(claims.userAccountId))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          currentDate: now,
        });
        const userAccountId = Number(payload.sub);
        const { ver, sid, gen } = payload;
        if (!Number.isInteger(userAccountId) || typeof ver !== 'number') return null;
        if (typeof sid !== 'string' || typeof gen !== 'number') return null;
        return { userAccountId, tokenVersion: ver, roleId: Number(payload.role), sessionId: sid, generation: gen };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
