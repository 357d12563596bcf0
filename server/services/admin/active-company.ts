import { isTopAdmin } from '../../../protocol/roles';
import type { SessionUser } from '../../auth';
import type { Language } from '../../messages';
import { areaTexts } from '../area-texts';

const { text } = areaTexts({
  es: {
    notAuthorised:
      'No autorizado: la empresa {company} está desactivada. Consulte con el administrador de Flota.',
  },
  en: {
    notAuthorised:
      'Not Authorized: the company {company} is disabled. Ask the Flota administrator.',
  },
});

/**
 * What a user of an inactive company may still do (000 §6 "Routes marked secure need an active
 * company and otherwise reject with Not Authorized"): their session, menu, saved screen,
 * notifications and profile. Pricing and subscribing refuse with their own text. Every other
 * operation works on the company's data and is refused (docs/decisions.md, "Top administrator").
 */
export const OPEN_TO_INACTIVE_COMPANY: ReadonlySet<string> = new Set([
  'session',
  'menu',
  'saveState',
  'loadState',
  'notifications',
  'notificationRead',
  'updateProfile',
  'pricing',
  'subscribe',
]);

/** The "Not Authorized" text when the caller's company is inactive and the operation secure. */
export function inactiveCompanyRefusal(
  user: SessionUser,
  operation: string,
  language: Language,
): string | null {
  if (!user.company || user.company.active || isTopAdmin(user.profile)) return null;
  if (OPEN_TO_INACTIVE_COMPANY.has(operation)) return null;
  return text(language, 'notAuthorised', { company: user.company.name });
}
