import { sql } from 'kysely';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { resourceDefinition } from '../../../protocol/resources';
import type { Db } from '../../db/database';
import { diffStorage } from '../migration-diff';
import { tableSpec, type StorageSnapshot } from '../table';
import { customCatalogue } from './catalogue';

/**
 * The table of a custom entity (docs/resources.md, "Custom entities"): made and changed by the
 * server when an operator saves the entity, in the save's transaction, with the very SQL the
 * migration generator writes for a declared entity (migration-diff.ts). PostgreSQL's DDL is
 * transactional: a refused save leaves no table behind.
 */

/** The owned definitions a reference field may point to: declared ones and the company's own. */
async function resolver(db: Db, company: number) {
  const customs = await customCatalogue(db).of(company);
  return (name: string): ResourceDefinition | undefined => {
    const declared = resourceDefinition(name);
    if (declared?.storage) return declared;
    return customs.entities.get(name)?.definition;
  };
}

/** Takes a custom entity's table from `before` (null: none yet) to what `after` asks for. */
export async function changeTable(
  trx: Db,
  company: number,
  before: ResourceDefinition | null,
  after: ResourceDefinition,
): Promise<string[]> {
  const resolve = await resolver(trx, company);
  const snapshot = (definition: ResourceDefinition | null): StorageSnapshot =>
    definition ? { [definition.storage!.table]: tableSpec(definition, resolve) } : {};
  const { statements, summary } = diffStorage(snapshot(before), snapshot(after));
  for (const statement of statements) {
    if (statement.startsWith('--')) continue;
    await sql.raw(statement).execute(trx);
  }
  return summary;
}

/** Drops the tables of entities deleted before `cutoff` and forgets them (the 30 days kept). */
export async function purgeCustomEntities(db: Db, cutoff: Date): Promise<number> {
  const gone = await db
    .selectFrom('core.custom_entities')
    .select(['id', 'table', 'company_id'])
    .where('deleted_at', '<', cutoff)
    .execute();
  for (const entity of gone) {
    await db.transaction().execute(async (trx) => {
      await sql`DROP TABLE IF EXISTS ${sql.table(`core.${entity.table}`)}`.execute(trx);
      await trx.deleteFrom('core.custom_entities').where('id', '=', entity.id).execute();
    });
    customCatalogue(db).forget(entity.company_id);
  }
  return gone.length;
}
