import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import { languageOf, message } from '../messages';
import { callerOrRefused, runOperation, type ServicesDeps } from '../services/route';
import { MDM_OPERS } from './mdm-operations';
import { commandText } from './texts';

export const MDM_PATH = '/api/kioskpremium/mdm';

const mdmEnvelope = z.object({
  operation: z.literal('mdm'),
  parameter: z.object({ oper: z.string().min(1).max(100), data: z.unknown().optional() }),
});

/**
 * `POST /api/kioskpremium/mdm` with `{operation: 'mdm', parameter: {oper, data}}` (001 §7): the
 * same checks and envelope as /api/services (token, operation, parameter, permission), with
 * `oper` naming one of the MDM operations of the registry and `data` its parameter.
 */
export function registerMdmRoute(app: FastifyInstance, deps: ServicesDeps): void {
  app.post(MDM_PATH, async (request: FastifyRequest, reply) => {
    const language = languageOf(request.headers['accept-language']);
    if (typeof request.body === 'string') {
      return reply
        .code(415)
        .send(errorResponse(ErrorCode.invalid, message(language, 'badMediaType')));
    }
    const user = await callerOrRefused(request, reply, deps);
    if (!user) return reply;
    const envelope = mdmEnvelope.safeParse(request.body);
    if (!envelope.success) return errorResponse(ErrorCode.invalid, commandText(language, 'badMdm'));
    const { oper, data } = envelope.data.parameter;
    const operation = (MDM_OPERS as readonly string[]).includes(oper)
      ? deps.registry.get(oper)
      : undefined;
    if (!operation) {
      return errorResponse(
        ErrorCode.invalid,
        commandText(language, 'unknownOper', { oper, list: MDM_OPERS.join(', ') }),
      );
    }
    return runOperation({
      request,
      reply,
      deps,
      user,
      operation,
      name: oper,
      parameter: data,
      root: 'data',
    });
  });
}
