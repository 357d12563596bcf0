import { sql } from 'kysely';
import { PLATFORM_LABELS, type PlatformName } from '../../protocol/devices';
import { POLICY_PLATFORM_CHOICES } from '../../protocol/resources/mdm-policies';
import { languageOf } from '../messages';
import { areaTexts } from '../services/area-texts';
import type { HookContext } from '../engine/hooks';

/** Refusals of a project and a device group an MDM record names, in the caller's language. */
const texts = areaTexts({
  es: {
    noProject: 'El proyecto {project} no es de su empresa.',
    groupNotInProject: 'El grupo {group} no es un grupo de dispositivos del proyecto «{project}».',
    groupOtherPlatform:
      'El grupo «{group}» es de {groupPlatform}: los dispositivos de esta política son de {platform}.',
  },
  en: {
    noProject: 'Project {project} is not one of your company.',
    groupNotInProject: 'Group {group} is not a device group of project "{project}".',
    groupOtherPlatform:
      'Group "{group}" is of {groupPlatform}: the devices of this policy are of {platform}.',
  },
});

/** Who reads a refusal: the call's language, else the user's. */
export const readerOf = (hook: HookContext) => ({
  language: hook.ctx.language ?? hook.ctx.user.language,
});

/**
 * The project (one of the caller's company's) and device group (one of the project's) an MDM
 * record names (an assignment, an enrolment token), with their names and the group's platform.
 */
export async function groupPlace(project: number, group: number, hook: HookContext) {
  const found = await hook.trx
    .selectFrom('core.projects')
    .select(['name', 'schema_name'])
    .where('company_id', '=', hook.ctx.user.companyId ?? -1)
    .where('deleted', '=', false)
    .where('numero', '=', project)
    .executeTakeFirst();
  if (!found) throw texts.refusal(readerOf(hook), 'noProject', { project });
  const { rows } = await sql<{ NAME: string; PLATFORM: string | null }>`SELECT "NAME", "PLATFORM"
    FROM ${sql.table(`${found.schema_name}.groups`)} WHERE "ID" = ${group}`.execute(hook.trx);
  if (!rows[0]) {
    throw texts.refusal(readerOf(hook), 'groupNotInProject', { group, project: found.name });
  }
  return {
    project,
    group,
    groupName: rows[0].NAME,
    groupPlatform: rows[0].PLATFORM,
    projectName: found.name,
  };
}

/** An MDM policy's platform (`android`) as a person reads it, in their language. */
export const policyPlatformName = (code: string, language: string | undefined) =>
  POLICY_PLATFORM_CHOICES.find((c) => c.code === code)?.label[languageOf(language)] ?? code;

/** The platform of a project's device row that an MDM policy's platform enrols (000 §3). */
export const DEVICE_PLATFORM = {
  android: 'ANDROID',
  ios: 'IPHONE',
  windows: 'WINDOWS32',
} as const satisfies Record<string, PlatformName>;

/**
 * Refuses a group of another platform than the devices a policy's (`android`) token enrols: they
 * would join a group of devices they are not. A group of no platform yet takes any.
 */
export function requireGroupPlatform(
  place: Awaited<ReturnType<typeof groupPlace>>,
  platform: keyof typeof DEVICE_PLATFORM,
  hook: HookContext,
): void {
  const of = place.groupPlatform as PlatformName | null;
  const devices = DEVICE_PLATFORM[platform];
  if (of === null || of === devices) return;
  const reader = readerOf(hook);
  const label = (code: PlatformName) =>
    PLATFORM_LABELS[code]?.[languageOf(reader.language)] ?? code;
  throw texts.refusal(reader, 'groupOtherPlatform', {
    group: place.groupName,
    groupPlatform: label(of),
    platform: label(devices),
  });
}
