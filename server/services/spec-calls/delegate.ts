import { ErrorCode } from '../../../protocol/envelope';
import { languageOf, message } from '../../messages';
import { menuGateRefusal } from '../access/menu-gate';
import { boundRefusal } from '../projects/access';
import { namedOutsideBinding } from '../projects/binding';
import { isPermitted, ServiceError, type Operation, type OperationContext } from '../registry';

/**
 * Runs an operation of ours for a call of the specification that needs a step first (a default
 * read from the database, one of several targets by `oper`): its parameter validated by its own
 * schema, a bound client's project, its permission and menu gate checked, as /api/services
 * would, so refusals are its own.
 */
export async function delegate(
  target: Operation,
  parameter: unknown,
  ctx: OperationContext,
  name = target.name,
): Promise<unknown> {
  const language = ctx.language ?? languageOf(ctx.user.language);
  const parsed = target.parameter.safeParse(parameter ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'parameter'}: ${issue.message}`)
      .join('; ');
    throw new ServiceError(message(language, 'badParameter', { operation: name, detail }));
  }
  // A token of a client bound to a project names no other (docs/identity.md), here either.
  const outside = namedOutsideBinding(ctx.user, parsed.data);
  if (outside !== null) throw boundRefusal({ ...ctx.user, language }, outside);
  if (!(await isPermitted(target.permission, parsed.data, ctx)))
    throw new ServiceError(message(language, 'forbidden'), ErrorCode.forbidden, 403);
  const denied = await menuGateRefusal(target.aliasOf ?? target.name, parsed.data, ctx, language);
  if (denied) throw new ServiceError(denied, ErrorCode.forbidden, 403);
  return target.handler(parsed.data, ctx);
}
