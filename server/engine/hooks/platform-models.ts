import { sql } from 'kysely';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { settingsTexts } from '../../services/settings/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { siblingTable } from '../rows';

const { refusal } = settingsTexts;

/** The project of a write (the resolver set it from the call's `database`). */
const projectOf = (hook: HookContext) => hook.definition!.storage!.project!;

/** A model's name as stored: trimmed, and never empty (configuration.noempty, 000 §5). */
function nameOf(hook: HookContext, model: unknown): string {
  const name = String(model ?? '').trim();
  if (name === '') throw refusal(hook.ctx.user, 'noempty');
  return name;
}

/** The platform a new model names by its code, or the refusal that says the project has none. */
async function platformNamed(hook: HookContext, code: unknown) {
  const definition = hook.definition!;
  const { rows } = await sql<{ ID: number }>`
    SELECT "ID" FROM ${siblingTable(definition, 'platforms')} WHERE "PLATFORM" = ${String(code)}
  `.execute(hook.trx);
  if (rows[0]) return rows[0].ID;
  const numero = projectOf(hook);
  throw refusal(hook.ctx.user, 'platformUnknown', { platform: String(code), numero });
}

/** A name the platform already has is refused, naming both (the unique key is the last word). */
async function refuseTaken(hook: HookContext, idplatform: number, model: string, id?: number) {
  const definition: ResourceDefinition = hook.definition!;
  const { rows } = await sql<{ ID: number; PLATFORM: string }>`
    SELECT m."ID", p."PLATFORM" FROM ${siblingTable(definition, 'models')} m
      JOIN ${siblingTable(definition, 'platforms')} p ON p."ID" = m."IDPLATFORM"
     WHERE m."IDPLATFORM" = ${idplatform} AND m."MODEL" = ${model}
  `.execute(hook.trx);
  const taken = rows.find((row) => row.ID !== id);
  if (taken) throw refusal(hook.ctx.user, 'modelTaken', { platform: taken.PLATFORM, model });
}

/**
 * The models of a project's platforms (protocol/resources/platform-models.ts): a name trimmed,
 * not empty and once per platform; a new model names its platform by its code, stored as the
 * platform's row (IDPLATFORM), and keeps it.
 */
export const platformModelsHooks: ResourceHooks = {
  sql: {
    platform: (definition) =>
      sql`(SELECT p."PLATFORM" FROM ${siblingTable(definition, 'platforms')} p WHERE p."ID" = t."IDPLATFORM")`,
  },
  async beforeCreate(values: Row, hook) {
    const model = nameOf(hook, values.model);
    const idplatform = await platformNamed(hook, values.platform);
    await refuseTaken(hook, idplatform, model);
    // The code is not a column: the row keeps its platform's id.
    const written: Row = { ...values, model, idplatform };
    delete written.platform;
    return written;
  },
  async beforeEdit(changes: Row, before: Row, hook) {
    if (changes.model === undefined) return changes;
    const model = nameOf(hook, changes.model);
    await refuseTaken(hook, Number(before.idplatform), model, Number(before.id));
    return { ...changes, model };
  },
};
