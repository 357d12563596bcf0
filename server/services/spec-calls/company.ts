import { z } from 'zod';
import { isTopAdmin } from '../../../protocol/roles';
import type { SessionUser } from '../../auth';
import { rowIdSchema } from '../../db/storable';
import { specRefusal } from './texts';

/** `idCIA` as the specification's calls send it: a number, or a number written as text. */
export const idCiaField = z.coerce.number().pipe(rowIdSchema);

/**
 * The company a call with `idCIA` reads: the caller's own (when absent too); another company is
 * the top administrator's only.
 */
export function askedCompany(user: SessionUser, idCIA: number | undefined): number {
  if (idCIA !== undefined && (idCIA === user.companyId || isTopAdmin(user.profile))) return idCIA;
  if (idCIA !== undefined) throw specRefusal(user, 'otherCompany');
  if (user.companyId === null) throw specRefusal(user, 'noCompany');
  return user.companyId;
}
