import { applyOverride } from '../../protocol/apply-override';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { ENTITY_KEY, ENTITY_VERSION, type EngineVerb } from '../../protocol/resource-entity';
import { resourcesFor } from '../resources';
import type { OperationContext } from '../services/registry';
import { requireProject } from '../services/projects/access';
import { customFieldOf } from '../../protocol/custom-entity';
import { withCustomFields as withAdded } from '../../protocol/custom-fields';
import { mergeOverrides } from '../../protocol/resource-override';
import { addedFields } from './custom-fields';
import { remembered } from './effective-memo';
import { customTexts } from './custom/texts';

/**
 * A definition as the engine serves it to one caller (issue 34, point 9): the declared fields,
 * the custom fields the caller's company added (point 7), then the overrides saved for it in the
 * "Recursos" editor — so that a field made required, shorter, read-only or not editable is
 * refused by the server, and a hidden one is neither written, returned, filtered nor sorted.
 */
export async function effectiveDefinition(
  definition: ResourceDefinition,
  ctx: Pick<OperationContext, 'user' | 'config' | 'db'>,
): Promise<ResourceDefinition> {
  const company = ctx.user.companyId ?? undefined;
  const added = await addedFields(definition, ctx);
  const layers = await resourcesFor(ctx.config).overrideLayers(definition.name, company);
  return remembered(definition, company, [added, ...layers], () => {
    const grown = withAdded(
      definition,
      added?.map((f) => customFieldOf(f, true)),
    );
    const applied = applyOverride(grown, mergeOverrides(layers));
    // The key and the version are the engine's own: an override never takes them away.
    const kept = definition.fields
      .filter((f) => f.source === ENTITY_KEY || f.source === ENTITY_VERSION)
      .filter((f) => !applied.fields.some((a) => a.source === f.source))
      .map((f) => ({ ...f, list: false, filter: false, sort: false, export: false }));
    return kept.length === 0 ? applied : { ...applied, fields: [...applied.fields, ...kept] };
  });
}

/** How an engine operation finds the definition it serves, per call. */
export type ResolveDefinition = (
  ctx: OperationContext,
  given: Record<string, unknown>,
  verb: EngineVerb,
) => Promise<ResourceDefinition>;

/**
 * A declared entity's: its definition with the caller's company's custom fields and overrides;
 * a project-scoped one's with the project the call names (`database`), which the caller must
 * reach as any project screen (requireProject: refused, with a description, when missing,
 * deleted or another company's). Its node was checked by the operation's permission.
 */
export const declaredResolver =
  (definition: ResourceDefinition): ResolveDefinition =>
  async (ctx, given) => {
    const effective = await effectiveDefinition(definition, ctx);
    if (definition.scope !== 'project') return effective;
    const project = await requireProject(ctx, Number(given.database));
    if (project.companyId !== ctx.user.companyId) {
      throw customTexts.refusal(ctx.user, 'projectOtherCompany', { numero: project.numero });
    }
    return { ...effective, storage: { ...effective.storage!, project: project.numero } };
  };
