import type { SessionUser } from '../../auth';

/** Parameter fields that name a project by number (`database`, 002 §3 `dbid`) or by pid. */
const NUMBER_FIELDS = ['database', 'dbid'] as const;
const PID_FIELDS = ['pid'] as const;
/** 002 §7 `projectID`/`projectid`: a number or a pid, as the call's caller has it. */
const EITHER_FIELDS = ['projectID', 'projectid'] as const;

/**
 * The project a call's parameter names outside the binding of the token's identity client, or
 * null: checked for every operation before its permission, so that a client bound to one
 * project is refused another by name even where a handler looks the project up its own way
 * (requireProject and reachableBy refuse it too: server/services/projects/rule.ts).
 */
export function namedOutsideBinding(user: SessionUser, parameter: unknown): string | null {
  if (!user.boundProject) return null;
  const outside = namedProjects(parameter).find((value) => !isBoundProject(user, value));
  return outside === undefined ? null : String(outside);
}

/**
 * The caller's token is bound to a project and the call names none: a company-wide call. Those
 * for administrators are refused (docs/identity.md): a project's app administers no company,
 * whatever its creator's role, so users, licences, environments, certificates and the other
 * company screens stay out of its reach.
 */
export function companyCallOfBoundClient(user: SessionUser, parameter: unknown): boolean {
  return user.boundProject !== undefined && namedProjects(parameter).length === 0;
}

function isBoundProject(user: SessionUser, value: number | string): boolean {
  const bound = user.boundProject!;
  return typeof value === 'number' ? value === bound.numero : value === bound.pid;
}

/** Every project a call's parameter names: by number, or by pid (a string not all digits). */
function namedProjects(parameter: unknown): (number | string)[] {
  if (typeof parameter !== 'object' || parameter === null) return [];
  const given = parameter as Record<string, unknown>;
  const asNumber = (value: unknown) =>
    typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
      ? Number(value)
      : null;
  const named: (number | string)[] = [];
  for (const name of NUMBER_FIELDS) {
    const value = asNumber(given[name]);
    if (value !== null) named.push(value);
  }
  for (const name of PID_FIELDS) if (typeof given[name] === 'string') named.push(given[name]);
  for (const name of EITHER_FIELDS) {
    const value = given[name];
    if (value === undefined || value === null || value === '') continue;
    named.push(asNumber(value) ?? String(value));
  }
  return named;
}
