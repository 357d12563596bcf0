import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database';

/**
 * oidc-provider's storage in core.oidc_payloads, so sessions, codes and grants survive a
 * restart and every server node sees the same ones. Expiry uses the database clock, which
 * all nodes share.
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
    /** The clients registered by companies (registered-clients.ts); the static ones are not here. */
    private readonly findClient?: (id: string) => Promise<AdapterPayload | undefined>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? sql<Date>`now() + make_interval(secs => ${expiresIn})` : null;
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresAt,
    };
    await this.db
      .insertInto('core.oidc_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((conflict) =>
        conflict.columns(['model', 'id']).doUpdateSet({ ...row, consumed_at: null }),
      )
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // Clients are the static ones and the companies' registered ones, never oidc_payloads rows.
    if (this.model === 'Client') return this.findClient?.(id);
    return this.findWhere('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('core.oidc_payloads')
      .set({ consumed_at: sql<Date>`now()` })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('core.oidc_payloads')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('core.oidc_payloads')
      .where('model', '=', this.model)
      .where('grant_id', '=', grantId)
      .execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('core.oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed_at
      ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
      : payload;
  }
}

/** The `adapter` option of the Provider: one PostgresAdapter per model name. */
export function postgresAdapter(
  db: Db,
  findClient?: (id: string) => Promise<AdapterPayload | undefined>,
): (model: string) => Adapter {
  return (model) => new PostgresAdapter(db, model, findClient);
}

/** Removes expired rows; the provider never reads them again. */
export async function deleteExpiredPayloads(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('core.oidc_payloads')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
