import type { SessionUser } from '../../auth';
import { organizationRefusal } from './texts';

/** The caller's company: organization and security are always of one's own company. */
export function companyOf(user: SessionUser): number {
  if (user.companyId === null) throw organizationRefusal(user, 'noCompany');
  return user.companyId;
}

export const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');
