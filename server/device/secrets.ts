import crypto from 'node:crypto';
import { midSchema } from '../../protocol/device-protocol';

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its sha256, hex. Secrets are random, so no salt is needed. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export interface DeviceCredential {
  mid: string;
  credential: string;
}

/** Reads `Authorization: Device <mid>:<credential>`; null when absent or malformed. */
export function parseDeviceAuthorization(header: string | undefined): DeviceCredential | null {
  const match = header ? /^Device\s+(\S+)$/i.exec(header.trim()) : null;
  if (!match) return null;
  const value = match[1];
  const colon = value.lastIndexOf(':');
  if (colon <= 0) return null;
  const mid = value.slice(0, colon);
  const credential = value.slice(colon + 1);
  if (!midSchema.safeParse(mid).success || credential.length < 16 || credential.length > 200)
    return null;
  return { mid, credential };
}
