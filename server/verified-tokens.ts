import type { JWTPayload } from 'jose';

/** How many verified tokens a node keeps (the oldest is forgotten first). */
export const VERIFIED_TOKENS_KEPT = 2_000;

/**
 * Verified access tokens, kept until they expire: a console or an API client sends the same
 * token with every call, and checking its RS256 signature again cost more CPU than the rest of an
 * engine edit (docs/decisions.md, "The engine's write path"). Only a token that passed the whole
 * check (signature, issuer, audience, times) is kept, and only until its `exp`: past it, the
 * verifier runs again and refuses it as expired. A token without `exp` is not kept. The user is
 * still looked up on every call (loadSessionUser, through the session cache that every node
 * empties when a user, company or client changes, server/session-cache.ts): a deactivated user is
 * refused at once.
 */
export function rememberVerified(
  verify: (token: string) => Promise<JWTPayload>,
  now: () => number = Date.now,
): (token: string) => Promise<JWTPayload> {
  const kept = new Map<string, JWTPayload>();
  return async (token) => {
    const known = kept.get(token);
    if (known && (known.exp ?? 0) * 1000 > now()) return known;
    if (known) kept.delete(token);
    const payload = await verify(token);
    if (typeof payload.exp === 'number' && payload.exp * 1000 > now()) {
      if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(token, payload);
    }
    return payload;
  };
}
