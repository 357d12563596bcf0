import { applyOverride } from '../../protocol/apply-override';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { resourceDefinition } from '../../protocol/resources';
import type { SessionUser } from '../auth';
import { customCatalogue } from '../engine/custom/catalogue';
import { withCustomFields } from '../engine/custom-fields';
import { resourcesFor } from '../resources';
import type { ServicesDeps } from '../services/route';

/**
 * The definition a REST call serves, as the caller's company sees it: the declared one with the
 * overrides saved in the "Recursos" editor (issue 34, point 9), so that a hidden field is neither
 * returned nor filtered nor sorted, and a read-only or non-editable one is not written; `hidden`
 * names the fields the overrides took away, left out of every row answered.
 */
export async function restDefinition(
  name: string,
  user: SessionUser,
  deps: Pick<ServicesDeps, 'config' | 'db'>,
): Promise<{ definition: ResourceDefinition; hidden: string[] } | null> {
  const company = user.companyId ?? undefined;
  const customs = company === undefined ? null : await customCatalogue(deps.db).of(company);
  const declared = resourceDefinition(name) ?? customs?.entities.get(name)?.definition;
  if (!declared) return null;
  // An entity the engine stores, or users, carries its company's custom fields (issue 34, point 7).
  const grown = await withCustomFields(declared, { user, db: deps.db });
  const override = await resourcesFor(deps.config).overrideOf(declared.name, company);
  const definition = applyOverride(grown, override);
  const hidden = declared.fields
    .map((f) => f.source)
    .filter(
      (source) => source !== declared.key && !definition.fields.some((f) => f.source === source),
    );
  return { definition, hidden };
}

/** A row without the fields the caller's overrides hide. */
export function shown(row: unknown, hidden: readonly string[]): unknown {
  if (hidden.length === 0 || typeof row !== 'object' || row === null || Array.isArray(row)) {
    return row;
  }
  return Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.includes(key)));
}
