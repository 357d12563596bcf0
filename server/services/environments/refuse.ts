import type { SessionUser } from '../../auth';
import { languageOf, message, type MessageKey } from '../../messages';
import { projectCompany } from '../projects/rule';
import { ServiceError } from '../registry';

/** A refusal in the caller's language, from the texts of server/messages.ts. */
export function refusal(
  user: SessionUser,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): ServiceError {
  return new ServiceError(message(languageOf(user.language), key, vars));
}

/**
 * The company whose environments the caller works with: theirs, when it has a subscription and
 * the caller's role is not FREE (000 §6: FREE sees no projects or environments); else null.
 */
export function environmentCompany(user: SessionUser): number | null {
  if (!user.company?.tier) return null;
  return projectCompany(user);
}

/** environmentCompany, or the refusal that the caller has none. */
export function requireEnvironmentCompany(user: SessionUser): number {
  const company = environmentCompany(user);
  if (company === null) throw refusal(user, 'noCompany');
  return company;
}
