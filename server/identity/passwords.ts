import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N=2^14, r=8, p=1 is the cost node:crypto documents as its default: about 50 ms a hash.
const COST = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(
  plain: string,
  salt: Buffer,
  options: ScryptOptions,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above 128·N·r, so stored hashes with a higher cost still verify.
    scrypt(
      plain.normalize('NFC'),
      salt,
      length,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash in base64). */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(plain, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join(
    '$',
  );
}

/** True when `plain` matches a hash made by hashPassword; false for any malformed hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isSafeInteger(value) && value > 0))
    return false;
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length === 0) return false;
  try {
    const actual = await derive(plain, Buffer.from(saltText, 'base64'), options, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
