import { z } from 'zod';
import { ErrorCode } from '../../../protocol/envelope';
import { CUSTOM_RECORDS } from '../../../protocol/custom-entity';
import {
  engineOperationName,
  ENGINE_VERBS,
  type EngineVerb,
} from '../../../protocol/resource-entity';
import { languageOf, message } from '../../messages';
import { requireProject, databaseSchema } from '../../services/projects/access';
import {
  isPermitted,
  ServiceError,
  type Operation,
  type OperationContext,
} from '../../services/registry';
import { effectiveDefinition, type ResolveDefinition } from '../effective';
import { listOperation, showOperation } from '../read';
import { createOperation, deleteOperation, editOperation } from '../write';
import { customCatalogue } from './catalogue';
import { customTexts } from './texts';

/**
 * The records of every custom entity (issue 34, point 8): the engine's own list, show, create,
 * edit and delete, registered once as `customRecords*`; each call names its entity (`entity`,
 * the `fixed` value of the entity's verbs), found in the caller's company's catalogue, checked
 * against the entity's read or write role, and served with its custom fields and overrides.
 */
const resolveCustom: ResolveDefinition = async (ctx, given, verb) => {
  const name = String(given.entity ?? '');
  const company = ctx.user.companyId;
  const found =
    company === null ? undefined : (await customCatalogue(ctx.db).of(company)).entities.get(name);
  if (!found) throw customTexts.refusal(ctx.user, 'unknownEntity', { name: name.slice(0, 60) });
  const needs = found.definition.verbs[verb === 'list' || verb === 'show' ? 'list' : verb];
  const role = needs && 'role' in needs.permission ? needs.permission.role : 'admin';
  if (!(await isPermitted(role, given, ctx))) {
    const language = ctx.language ?? languageOf(ctx.user.language);
    const operation = `${verb} ${name}`;
    throw new ServiceError(message(language, 'forbidden', { operation }), ErrorCode.forbidden, 403);
  }
  const effective = await effectiveDefinition(found.definition, ctx);
  if (found.definition.scope !== 'project') return effective;
  const project = await projectOf(ctx, given, verb);
  return { ...effective, storage: { ...effective.storage!, project } };
};

/**
 * A project entity's project (docs/resources.md, "Project-scoped entities"): the call's
 * `database`, which the caller must reach as any project screen (requireProject: the owner, the
 * company's administrators, a share; a client bound to another project is refused by name), of
 * the caller's company, with the `devices` node the project's screens need, `write` to change.
 */
export async function projectOf(
  ctx: OperationContext,
  given: Record<string, unknown>,
  verb: EngineVerb,
) {
  if (typeof given.database !== 'number') {
    throw customTexts.refusal(ctx.user, 'projectNeeded', { name: String(given.entity) });
  }
  const project = await requireProject(ctx, given.database);
  if (project.companyId !== ctx.user.companyId) {
    throw customTexts.refusal(ctx.user, 'projectOtherCompany', { numero: project.numero });
  }
  const mode = verb === 'list' || verb === 'show' ? 'show' : 'write';
  if (!project.can('devices', mode)) {
    const language = ctx.language ?? languageOf(ctx.user.language);
    const operation = `${verb} ${String(given.entity)}`;
    throw new ServiceError(message(language, 'forbidden', { operation }), ErrorCode.forbidden, 403);
  }
  return project.numero;
}

const BUILD = {
  list: listOperation,
  show: showOperation,
  create: createOperation,
  edit: editOperation,
  delete: deleteOperation,
} satisfies Record<EngineVerb, unknown>;

const entity = { entity: z.string().min(1).max(60), database: databaseSchema.optional() };

export function customRecordOperations(): Operation[] {
  // Their tables are written by the engine alone: a deep page may start at an anchor.
  return ENGINE_VERBS.map((verb) =>
    verb === 'list'
      ? listOperation(resolveCustom, engineOperationName(CUSTOM_RECORDS, verb), 'user', entity, {
          anchors: true,
        })
      : BUILD[verb](resolveCustom, engineOperationName(CUSTOM_RECORDS, verb), 'user', entity),
  );
}
