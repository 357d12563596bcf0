import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/database';

/** DATA_DIR/secrets.key: the key of a node without SECRETS_KEY, mode 0600. */
export const KEY_FILE = 'secrets.key';
const CHECK_NAME = 'secrets_key_check';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals and opens stored secrets with AES-256-GCM (certificate files and passwords, API client
 * secrets). The key is SECRETS_KEY, else DATA_DIR/secrets.key created on first use. The first
 * node to use a key writes its fingerprint in core.secrets, so a node with another key (several
 * nodes, each with its own DATA_DIR and no SECRETS_KEY) fails with a clear message instead of
 * sealing what the others cannot open.
 */
export interface SecretBox {
  /** Bytes sealed: IV, tag and ciphertext in one buffer (a file's content). */
  sealBytes(plain: Buffer): Promise<Buffer>;
  openBytes(sealed: Buffer): Promise<Buffer>;
  /** A text sealed as `v1.<base64url>` (a column's value). */
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export class SecretsKeyError extends Error {}

/** The key file's key, created (atomically, 0600) when missing. */
function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, crypto.randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
    // Another process may have made it meanwhile: link fails then, and theirs is kept.
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  fs.chmodSync(file, 0o600);
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new SecretsKeyError(`${file} does not hold a 32-byte key`);
  return key;
}

/** Stores the key's fingerprint on first use; refuses a key that is not the stored one. */
async function checkKey(db: Db, key: Buffer): Promise<void> {
  const fingerprint = crypto.createHmac('sha256', key).update(CHECK_NAME).digest('base64url');
  await db
    .insertInto('core.secrets')
    .values({ name: CHECK_NAME, value: JSON.stringify(fingerprint) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('core.secrets')
    .select('value')
    .where('name', '=', CHECK_NAME)
    .executeTakeFirstOrThrow();
  if (stored.value !== fingerprint) {
    throw new SecretsKeyError(
      'The secrets key of this node (SECRETS_KEY, or DATA_DIR/secrets.key) is not the one the ' +
        "database's secrets were sealed with: give every node the same SECRETS_KEY.",
    );
  }
}

const keys = new Map<string, Promise<Buffer>>();

function loadKey(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, db: Db): Promise<Buffer> {
  const name = config.SECRETS_KEY ? `env:${config.SECRETS_KEY}` : `file:${config.DATA_DIR}`;
  let loading = keys.get(name);
  if (!loading) {
    loading = (async () => {
      const key = config.SECRETS_KEY
        ? Buffer.from(config.SECRETS_KEY, 'base64')
        : keyFromFile(config.DATA_DIR);
      await checkKey(db, key);
      return key;
    })();
    loading.catch(() => keys.delete(name));
    keys.set(name, loading);
  }
  return loading;
}

/**
 * Checks this node's secrets key against the database's (storing its fingerprint on a first
 * start): a node with another key stops at its start rather than at its first secret.
 */
export async function checkSecretsKey(
  config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>,
  db: Db,
): Promise<void> {
  await loadKey(config, db);
}

export function secretBox(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, db: Db): SecretBox {
  async function sealBytes(plain: Buffer): Promise<Buffer> {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', await loadKey(config, db), iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }
  async function openBytes(sealed: Buffer): Promise<Buffer> {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      await loadKey(config, db),
      sealed.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  }
  return {
    sealBytes,
    openBytes,
    seal: async (plain) =>
      `v1.${(await sealBytes(Buffer.from(plain, 'utf8'))).toString('base64url')}`,
    open: async (sealed) =>
      (await openBytes(Buffer.from(sealed.replace(/^v1\./, ''), 'base64url'))).toString('utf8'),
  };
}

/**
 * A key for one purpose (signing the kiosk's download links), derived from the secrets key: the
 * same on every node that shares SECRETS_KEY, never the sealing key itself.
 */
export async function derivedKey(
  config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>,
  db: Db,
  purpose: string,
): Promise<Buffer> {
  const key = await loadKey(config, db);
  return crypto.createHmac('sha256', key).update(`flota-derived:${purpose}`).digest();
}
