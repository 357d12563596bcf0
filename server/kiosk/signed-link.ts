import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { derivedKey } from '../secrets/box';

/**
 * Signed, expiring links that devices follow without a session (docs/kiosk.md): an APK of the
 * whitelist, the kiosk configuration of the enrolment QR. The link names what it opens and when
 * it expires, and carries an HMAC of both with a key derived from the secrets key, so any node
 * sharing SECRETS_KEY checks it and nothing is stored.
 */

export const KIOSK_APK_PATH = '/api/kiosk/apk';
export const KIOSK_DEVICE_CONFIG_PATH = '/api/kiosk/device-config';

/** An APK link lasts a day; the configuration link of a QR code lasts 30 days. */
export const APK_LINK_SECONDS = 86_400;
export const CONFIG_LINK_SECONDS = 30 * 86_400;

type Keyed = Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>;

const keyOf = (config: Keyed, db: Db) => derivedKey(config, db, 'kiosk-links');

const mac = (key: Buffer, subject: string, expires: number) =>
  createHmac('sha256', key).update(`${subject}.${expires}`).digest('base64url');

/** `?expires=…&signature=…` for a subject (`apk/<company>/<sha256>`, `config/<company>`). */
export async function signLink(
  config: Keyed,
  db: Db,
  subject: string,
  seconds: number,
  now = Date.now(),
): Promise<string> {
  const expires = Math.floor(now / 1000) + seconds;
  const signature = mac(await keyOf(config, db), subject, expires);
  return `expires=${expires}&signature=${signature}`;
}

/** Whether a link's expiry and signature are good for the subject it names. */
export async function linkIsValid(
  config: Keyed,
  db: Db,
  subject: string,
  expires: unknown,
  signature: unknown,
  now = Date.now(),
): Promise<boolean> {
  const seconds = Number(expires);
  if (!Number.isInteger(seconds) || seconds * 1000 <= now || typeof signature !== 'string') {
    return false;
  }
  const expected = Buffer.from(mac(await keyOf(config, db), subject, seconds));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The device's link to an APK of the company. */
export async function apkLink(config: Config, db: Db, company: number, sha256: string) {
  const query = await signLink(config, db, `apk/${company}/${sha256}`, APK_LINK_SECONDS);
  return `${config.PUBLIC_URL}${KIOSK_APK_PATH}/${company}/${sha256}.apk?${query}`;
}

/** The device's link to the company's kiosk configuration (the QR code's admin extras). */
export async function deviceConfigLink(config: Config, db: Db, company: number) {
  const query = await signLink(config, db, `config/${company}`, CONFIG_LINK_SECONDS);
  return `${config.PUBLIC_URL}${KIOSK_DEVICE_CONFIG_PATH}/${company}?${query}`;
}
