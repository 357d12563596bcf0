import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ErrorCode, errorResponse, okResponse } from '../../../protocol/envelope';
import type { Language } from '../../messages';
import {
  authenticate,
  executeOperation,
  type Executed,
  type ServicesDeps,
} from '../../services/route';
import { premiumText } from './texts';

export type Row = Record<string, unknown>;
export type Caller = Awaited<ReturnType<typeof authenticate>>;

/** One premium call: the request, the caller, the language of its answers. */
export interface Call {
  request: FastifyRequest;
  deps: ServicesDeps;
  user: Caller;
  language: Language;
}

/** Runs a registry operation as the caller (the engine's kioskProfilesList, …, or another). */
export function run(call: Call, name: string, parameter: unknown): Promise<Executed> {
  return executeOperation({
    request: call.request,
    deps: call.deps,
    user: call.user,
    operation: call.deps.registry.get(name)!,
    name,
    parameter,
    root: 'parameter',
  });
}

export const failed = (answer: Executed) =>
  answer.status !== 200 || answer.body.error.code !== ErrorCode.ok;

export const ok = (result: unknown): Executed => ({ status: 200, body: okResponse(result) });

export const refused = (
  call: Call,
  key: Parameters<typeof premiumText>[1],
  vars = {},
): Executed => ({
  status: 200,
  body: errorResponse(ErrorCode.invalid, premiumText(call.language, key, vars)),
});

/** The rows of an engine list answer. */
export const rowsOf = (answer: Executed): Row[] => (answer.body.result as { data: Row[] }).data;

/**
 * A write's answer in the wire's terms (002 §8): 'Actualizado correctamente' with `result` true on
 * success; on a refusal `result` false and the §8 toast's text (`failure`) with the reason.
 */
export function written(
  call: Call,
  answer: Executed,
  failure: Parameters<typeof premiumText>[1],
  result: unknown = true,
): Executed {
  if (failed(answer)) {
    const reason = answer.body.error.description;
    return {
      status: answer.status,
      body: {
        error: {
          ...answer.body.error,
          description: premiumText(call.language, failure, { reason }),
        },
        result: false,
      },
    };
  }
  const body = okResponse(result);
  body.error.description = premiumText(call.language, 'updated');
  return { status: 200, body };
}

/**
 * The EMM kiosk feature of the caller's company (002 §2): null when on, else the refusal
 * ('EMMKiosk_ENABLED desactivado', or no kiosk yet: code -2, the console offers to enable it).
 */
export async function featureRefusal(call: Call): Promise<Executed | null> {
  const { rows } = await sql<{ Enabled: boolean }>`
    SELECT "Enabled" FROM core.kiosk_premium WHERE company_id = ${call.user.companyId ?? 0}`.execute(
    call.deps.db,
  );
  if (!rows.length) {
    return {
      status: 200,
      body: errorResponse(ErrorCode.warning, premiumText(call.language, 'noKiosk')),
    };
  }
  return rows[0].Enabled ? null : refused(call, 'disabled');
}

/** A number given as a number or a numeric text (the wire's filters mix both). */
export function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** A yes/no given as true, 1, '1', 'true' (yes) or anything else (no). */
export const yes = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true';

/** An object given as an object or as its JSON text; {} otherwise. */
export function objectOf(value: unknown): Row {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Row) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
}
