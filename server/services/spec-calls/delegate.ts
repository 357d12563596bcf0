import { ErrorCode } from '../../../protocol/envelope';
import { languageOf, message } from '../../messages';
import { menuGateRefusal } from '../access/menu-gate';
import { isPermitted, ServiceError, type Operation, type OperationContext } from '../registry';

/**
 * Runs an operation of ours for a call of the specification that needs a step first (a default
 * read from the database, one of several targets by `oper`): its parameter validated by its own
 * schema, its permission and menu gate checked, as /api/services would, so refusals are its own.
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
  if (!(await isPermitted(target.permission, parsed.data, ctx)))
    throw new ServiceError(message(language, 'forbidden'), ErrorCode.forbidden, 403);
  const denied = await menuGateRefusal(target.aliasOf ?? target.name, parsed.data, ctx, language);
  if (denied) throw new ServiceError(denied, ErrorCode.forbidden, 403);
  return target.handler(parsed.data, ctx);
}
