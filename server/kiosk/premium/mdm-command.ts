import { sql } from 'kysely';
import { z } from 'zod';
import { COMMANDS } from '../../../protocol/commands';
import { PREMIUM_COMMANDS } from '../../../protocol/kiosk-premium';
import { ErrorCode } from '../../../protocol/envelope';
import { defineOperation, ServiceError } from '../../services/registry';
import { sendKiosk, type KioskTarget } from './send';
import { premiumRefusal, premiumText } from './texts';
import { languageOf } from '../../messages';

export { PREMIUM_COMMANDS };

const object = z.record(z.string(), z.unknown());

/**
 * `POST /api/kioskpremium/mdm` `{operation: 'mdm', parameter: {oper: 'dpc_emm_api_cmd', data}}`
 * (002 §7): `data` `{dest, cmd, params, values, json}`, `dest` the kiosk devices (their Guid, or
 * a list), `cmd` one of PREMIUM_COMMANDS, its fields in `params` and `values` (and `json`, an
 * object or its text). Sent through the command queue, behind the company's EMM kiosk feature;
 * the answer counts the devices it went to (their outcomes are in the command history, getCmds).
 */
export const dpcEmmApiCmd = defineOperation({
  name: 'dpc_emm_api_cmd',
  parameter: z.object({
    dest: z.union([
      z.string().min(1).max(100),
      z.array(z.string().min(1).max(100)).min(1).max(5000),
    ]),
    cmd: z.string().min(1).max(50),
    params: object.optional(),
    values: object.optional(),
    json: z.union([object, z.string().max(100_000)]).optional(),
  }),
  permission: 'admin',
  async handler({ dest, cmd, params, values, json }, ctx) {
    const company = ctx.user.companyId ?? 0;
    const { rows: feature } = await sql<{ Enabled: boolean }>`
      SELECT "Enabled" FROM core.kiosk_premium WHERE company_id = ${company}`.execute(ctx.db);
    if (!feature[0]?.Enabled) {
      throw new ServiceError(
        premiumText(languageOf(ctx.user.language), 'disabled'),
        ErrorCode.invalid,
      );
    }
    if (!(PREMIUM_COMMANDS as readonly string[]).includes(cmd)) {
      throw premiumRefusal(ctx.user, 'badCommand', { cmd, list: PREMIUM_COMMANDS.join(', ') });
    }
    const guids = [...new Set(Array.isArray(dest) ? dest : [dest])];
    const { rows } = await sql<KioskTarget>`
      SELECT "Database", "Guid" FROM core.kiosk_devices
      WHERE company_id = ${company} AND "Guid" = ANY(${guids}::text[])`.execute(ctx.db);
    if (rows.length !== guids.length) {
      const known = new Set(rows.map((row) => row.Guid));
      throw premiumRefusal(ctx.user, 'deviceMissing', { id: guids.find((g) => !known.has(g))! });
    }
    let extra: Record<string, unknown> = {};
    if (typeof json === 'string' && json.trim()) {
      try {
        extra = object.parse(JSON.parse(json));
      } catch {
        throw premiumRefusal(ctx.user, 'badFilter', { detail: 'json' });
      }
    } else if (json && typeof json === 'object') extra = json;
    const sent = await sendKiosk(ctx, rows, cmd as (typeof COMMANDS)[number], {
      ...extra,
      ...params,
      ...values,
    });
    return { cmd, sent };
  },
});
