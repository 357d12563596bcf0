import type { Db } from '../db/database';
import { roleKey } from '../db/sandbox';
import type { Config } from '../config';
import { checkSecretsKey } from './box';

/**
 * Creates, before the first call, the secrets a node would otherwise create on first use (the
 * secrets key's fingerprint, the key of the project roles' passwords): no call writes them then,
 * not even one that is refused, and a node with another SECRETS_KEY stops at its start.
 */
export async function prepareSecrets(
  config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>,
  db: Db,
): Promise<void> {
  await checkSecretsKey(config, db);
  await roleKey(db);
}
