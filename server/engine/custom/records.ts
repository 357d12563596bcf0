import { z } from 'zod';
import { ErrorCode } from '../../../protocol/envelope';
import { CUSTOM_RECORDS } from '../../../protocol/custom-entity';
import {
  engineOperationName,
  ENGINE_VERBS,
  type EngineVerb,
} from '../../../protocol/resource-entity';
import { languageOf, message } from '../../messages';
import { isPermitted, ServiceError, type Operation } from '../../services/registry';
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
  return effectiveDefinition(found.definition, ctx);
};

const BUILD = {
  list: listOperation,
  show: showOperation,
  create: createOperation,
  edit: editOperation,
  delete: deleteOperation,
} satisfies Record<EngineVerb, unknown>;

const entity = { entity: z.string().min(1).max(60) };

export function customRecordOperations(): Operation[] {
  return ENGINE_VERBS.map((verb) =>
    BUILD[verb](resolveCustom, engineOperationName(CUSTOM_RECORDS, verb), 'user', entity),
  );
}
