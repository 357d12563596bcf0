import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, errorResponse } from '../../../protocol/envelope';
import { languageOf } from '../../messages';
import { callerOrRefused, type Executed, type ServicesDeps } from '../../services/route';
import { featureRefusal, type Call } from './call';
import { ACTIONS, enableKiosk, listCias, type ActionsParameter } from './opers';
import { TABLE_OPERS, type TableParameter } from './table';
import { premiumText } from './texts';

export const PREMIUM_ACTIONS_PATH = '/api/kioskpremium/Actions';
export const PREMIUM_TABLE_PATH = '/api/kioskpremium/Actionstable';

/** Every oper of Actions (002 §7), EnableKiosk and, under operation adminkiosk, ListCias. */
export const PREMIUM_OPERS = [...Object.keys(ACTIONS), 'EnableKiosk', 'ListCias'];

const actionsEnvelope = z.object({
  operation: z.enum(['kiosk', 'adminkiosk']),
  parameter: z
    .object({
      oper: z.string().min(1).max(100),
      filter: z.unknown().optional(),
      dataPackage: z.unknown().optional(),
      dataWifi: z.unknown().optional(),
      profile: z.unknown().optional(),
      kiosk: z.unknown().optional(),
    })
    .passthrough(),
});

const tableBody = z.object({ oper: z.string().min(1).max(100) }).passthrough();

/** The caller of a premium call, or the 401 answer already sent. */
async function callOf(request: FastifyRequest, reply: FastifyReply, deps: ServicesDeps) {
  const user = await callerOrRefused(request, reply, deps);
  if (!user) return null;
  const asked = request.headers['accept-language'];
  return { request, deps, user, language: languageOf(asked ?? user.language) } satisfies Call;
}

const send = (reply: FastifyReply, answer: Executed) =>
  answer.status === 200 ? answer.body : reply.code(answer.status).send(answer.body);

/**
 * `POST /api/kioskpremium/Actions` and `POST /api/kioskpremium/Actionstable` (002 §7): each oper
 * is an adapter over the engine's operations of the premium resources (permission, validation,
 * the §4 hooks, actions log, revisions), behind the company's EMM kiosk feature.
 */
export function registerPremiumKiosk(app: FastifyInstance, deps: ServicesDeps): void {
  app.post(PREMIUM_ACTIONS_PATH, async (request, reply) => {
    const call = await callOf(request, reply, deps);
    if (!call) return reply;
    const parsed = actionsEnvelope.safeParse(request.body);
    if (!parsed.success) {
      return errorResponse(ErrorCode.invalid, premiumText(call.language, 'badActions'));
    }
    const { operation, parameter } = parsed.data;
    const { oper } = parameter;
    if (operation === 'adminkiosk' || oper === 'ListCias') return send(reply, await listCias(call));
    if (oper === 'EnableKiosk') return send(reply, await enableKiosk(call));
    const handler = Object.hasOwn(ACTIONS, oper) ? ACTIONS[oper] : undefined;
    if (!handler) {
      const list = PREMIUM_OPERS.join(', ');
      return errorResponse(
        ErrorCode.invalid,
        premiumText(call.language, 'unknownOper', { oper, list }),
      );
    }
    const gate = await featureRefusal(call);
    if (gate) return send(reply, gate);
    return send(reply, await handler(call, parameter as ActionsParameter));
  });

  app.post(PREMIUM_TABLE_PATH, async (request, reply) => {
    const call = await callOf(request, reply, deps);
    if (!call) return reply;
    const body = request.body as { parameter?: unknown } | null;
    const parsed = tableBody.safeParse(
      body && typeof body === 'object' && body.parameter ? body.parameter : body,
    );
    if (!parsed.success)
      return errorResponse(ErrorCode.invalid, premiumText(call.language, 'badTable'));
    const { oper } = parsed.data;
    const handler = Object.hasOwn(TABLE_OPERS, oper) ? TABLE_OPERS[oper] : undefined;
    if (!handler) {
      const list = Object.keys(TABLE_OPERS).join(', ');
      return errorResponse(
        ErrorCode.invalid,
        premiumText(call.language, 'unknownOper', { oper, list }),
      );
    }
    const gate = await featureRefusal(call);
    if (gate) return send(reply, gate);
    return send(reply, await handler(call, parsed.data as TableParameter));
  });
}
