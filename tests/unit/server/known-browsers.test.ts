import { describe, expect, it } from 'vitest';
import {
  KNOWN_DAYS,
  knownBrowserToken,
  knownUserId,
} from '../../../server/identity/known-browsers';

const KEYS = ['clave-actual', 'clave-anterior'];
const now = Date.UTC(2026, 10, 29, 2, 0, 0);

describe('the known-browser cookie', () => {
  it('names the user it was made for, signed by any of the keys, until it expires', () => {
    const token = knownBrowserToken(KEYS, 42, now);
    expect(knownUserId(KEYS, token, now)).toBe(42);
    // Signed with the old key: still verified after a rotation put a new key first.
    const old = knownBrowserToken(['clave-anterior'], 42, now);
    expect(knownUserId(KEYS, old, now)).toBe(42);
    const expiry = now + KNOWN_DAYS * 86_400_000;
    expect(knownUserId(KEYS, token, expiry - 1000)).toBe(42);
    expect(knownUserId(KEYS, token, expiry)).toBeNull();
  });

  it('names nobody when changed, forged or malformed', () => {
    const token = knownBrowserToken(KEYS, 42, now);
    const [, expires, signature] = token.split('.');
    expect(knownUserId(KEYS, `43.${expires}.${signature}`, now)).toBeNull();
    expect(knownUserId(KEYS, `42.${Number(expires) + 1}.${signature}`, now)).toBeNull();
    expect(knownUserId(KEYS, knownBrowserToken(['otra-clave'], 42, now), now)).toBeNull();
    for (const value of [undefined, '', '42', '42..x', `${token}x`, 'constructor']) {
      expect(knownUserId(KEYS, value, now)).toBeNull();
    }
  });
});
