import { jwtVerify, SignJWT, errors } from 'jose';

const ALG = 'HS256';
const ISSUER = 'metering-portal';

export type TokenClaims = { userAccountId: number; tokenVersion: number; roleId: number };

export type Tokens = {
  sign(claims: TokenClaims, now: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null for a bad, expired or foreign one. */
  verify(token: string, now: Date): Promise<TokenClaims | null>;
};

export function createTokens(secret: string, ttlMinutes: number): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttlMinutes * 60;
      const token = await new SignJWT({ ver: claims.tokenVersion, role: claims.roleId })
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
        if (!Number.isInteger(userAccountId) || typeof payload.ver !== 'number') return null;
        return { userAccountId, tokenVersion: payload.ver, roleId: Number(payload.role) };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
