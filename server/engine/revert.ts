import { z } from 'zod';
import { ErrorCode } from '../../protocol/envelope';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { ENTITY_KEY, ENTITY_VERSION, engineOperationName } from '../../protocol/resource-entity';
import { languageOf, message } from '../messages';
import {
  defineOperation,
  isPermitted,
  ServiceError,
  type OperationContext,
} from '../services/registry';
import { idSchema } from './read';
import { keyOfRecord, keyShape, type RecordKey } from './keys';
import { customCatalogue } from './custom/catalogue';
import { effectiveDefinition } from './effective';
import { projectOf } from './custom/records';
import { requireProject, type ProjectNode } from '../services/projects/access';
import { engineDb, storedRow, tableOf } from './rows';
import { PROJECT_COLUMN, SCOPE_COLUMN } from './table';
import { engineTexts } from './texts';
import { editOperation } from './write';

/**
 * `revisionsRevert {id}` (docs/resources.md, "Revisions"): puts back the values a change
 * replaced, as an edit of the record through the engine — with its permission, validation,
 * actions-log entry and a revision of its own. Only a change (`edit`) is reverted.
 */
export function revertOperation(definitions: ResourceDefinition[]) {
  return defineOperation({
    name: 'revisionsRevert',
    parameter: z.object({ id: idSchema }),
    permission: 'user',
    async handler({ id }, ctx) {
      const revision = await ctx.db
        .selectFrom('core.revisions')
        .select(['resource', 'record', 'action', 'before'])
        .where('id', '=', id)
        .where('company_id', '=', ctx.user.companyId ?? -1)
        .executeTakeFirst();
      const customs =
        ctx.user.companyId === null ? null : await customCatalogue(ctx.db).of(ctx.user.companyId);
      const definition =
        definitions.find((d) => d.name === revision?.resource) ??
        customs?.entities.get(revision?.resource ?? '')?.definition;
      if (!revision || !definition) throw engineTexts.refusal(ctx.user, 'revisionNotFound', { id });
      if (revision.action !== 'edit') {
        throw engineTexts.refusal(ctx.user, 'revertOnlyEdits', { id, action: revision.action });
      }
      const permission = definition.verbs.edit?.permission;
      const language = languageOf(ctx.user.language);
      // A table in each project's schema: its record is `<numero>:<id>`, the project's node decides.
      const inSchema = definition.storage?.mapped?.schema === 'project';
      const [numero, key] = inSchema ? revision.record.split(':').map(Number) : [NaN, NaN];
      const may = !permission
        ? false
        : 'role' in permission
          ? await isPermitted(permission.role, {}, ctx)
          : inSchema && (await canInProject(ctx, numero, permission.node));
      if (!may || !permission) {
        const operation = `revisionsRevert ${definition.name}`;
        throw new ServiceError(
          message(language, 'forbidden', { operation }),
          ErrorCode.forbidden,
          403,
        );
      }
      const record = inSchema ? key : keyOfRecord(definition, revision.record);
      const declared = await effectiveDefinition(definition, ctx);
      const effective = inSchema
        ? { ...declared, storage: { ...declared.storage!, project: numero } }
        : await inItsProject(declared, ctx, record);
      const current = await storedRow(effective, ctx, ctx.db, record);
      const before = (revision.before ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        effective.fields
          .filter((f) => !f.computed && f.source in before)
          .map((f) => [f.source, before[f.source]]),
      );
      const edit = editOperation(
        async () => effective,
        engineOperationName(definition.name, 'edit'),
        'role' in permission ? permission.role : 'user',
        keyShape(definition),
      );
      return edit.handler(
        { ...values, [ENTITY_KEY]: current[ENTITY_KEY], [ENTITY_VERSION]: current[ENTITY_VERSION] },
        ctx,
      );
    },
  });
}

/** A project entity's record is reverted in its own project, which the caller must reach. */
async function inItsProject(definition: ResourceDefinition, ctx: OperationContext, id: RecordKey) {
  if (definition.scope !== 'project') return definition;
  const row = await engineDb(ctx.db)
    .selectFrom(tableOf(definition))
    .select(PROJECT_COLUMN)
    .where('id', '=', id)
    .where(SCOPE_COLUMN, '=', ctx.user.companyId ?? -1)
    .executeTakeFirst();
  const database = Number(row?.[PROJECT_COLUMN] ?? -1);
  const project = await projectOf(ctx, { entity: definition.name, database }, 'edit');
  return { ...definition, storage: { ...definition.storage!, project } };
}

/** Whether the caller may change a project's rows of a node (the platforms' settings.platforms). */
async function canInProject(ctx: OperationContext, numero: number, node: string): Promise<boolean> {
  if (!Number.isInteger(numero)) return false;
  const project = await requireProject(ctx, numero);
  if (project.companyId !== ctx.user.companyId) return false;
  return project.can(node as ProjectNode, 'write');
}
