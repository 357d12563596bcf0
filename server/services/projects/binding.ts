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
export function namedOutsideBinding(user: SessionUser, parameter: unknown): number | string | null {
  const bound = user.boundProject;
  if (!bound || typeof parameter !== 'object' || parameter === null) return null;
  const given = parameter as Record<string, unknown>;
  const otherNumber = (value: unknown) =>
    (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) &&
    Number(value) !== bound.numero;
  const otherPid = (value: unknown) => typeof value === 'string' && value !== bound.pid;
  for (const name of NUMBER_FIELDS) if (otherNumber(given[name])) return String(given[name]);
  for (const name of PID_FIELDS) if (otherPid(given[name])) return String(given[name]);
  for (const name of EITHER_FIELDS) {
    const value = given[name];
    if (value === undefined || value === null || value === '') continue;
    const numeric = typeof value === 'number' || /^\d+$/.test(String(value));
    if (numeric ? otherNumber(value) : otherPid(value)) return String(value);
  }
  return null;
}
