import { firstOf } from '../services/area-texts';
import { z } from 'zod';
import {
  QUEUE_EXPIRY_HOURS,
  type CommandResultRow,
  type CommandSource,
} from '../../protocol/commands';
import type { ProjectAccess } from '../services/projects/access';
import { ServiceError, type OperationContext } from '../services/registry';
import { midListSchema, midSchema } from '../services/devices/fields';
import { commandCenterOf } from './center';
import { insertCommands } from './store';
import { recordAction } from '../actions-log';
import { writeServerLog } from '../logs/server-log';
import { commandText } from './texts';
import { requireCommand } from '../mdm/roles';
import { checkCommand } from './validate';

/** `dest`: a list of MIDs (1–5000), or one MID. */
export const destSchema = z.union([midListSchema, midSchema.transform((mid) => [mid])]);

export interface CommandRequest {
  cmd: string;
  dest: string[];
  params: Record<string, unknown>;
  wait: boolean;
  /** Hours a command for an offline device waits for it (QUEUE_EXPIRY_HOURS.default when absent). */
  expiry?: number;
}

/** `expiry`: hours a command waits in the queue for an offline device, 1 hour to 30 days. */
export const expirySchema = z
  .number()
  .int()
  .min(1)
  .max(QUEUE_EXPIRY_HOURS.max)
  .default(QUEUE_EXPIRY_HOURS.default);

/**
 * Checks and sends one command to devices of a project: refused whole (nothing written, nothing
 * sent) when the command or its parameters are bad or a MID is not the project's.
 */
export async function sendToDevices(
  request: CommandRequest,
  ctx: OperationContext,
  project: ProjectAccess,
  source: CommandSource,
): Promise<{ results: CommandResultRow[] }> {
  const { user } = ctx;
  const { cmd, params } = checkCommand(request.cmd, request.params, user.language);
  const center = commandCenterOf(ctx.db);
  if (!center) throw new ServiceError(commandText(user.language, 'noDeviceApi'));
  const mids = [...new Set(request.dest)];
  // A managed device's commands are limited by the operator's MDM roles (docs/mdm.md).
  await requireCommand(ctx, project.numero, mids, cmd);
  const commands = {
    numero: project.numero,
    schema: project.schema,
    cmd,
    params,
    mids,
    sender: { id: user.id, login: user.login, language: user.language },
    source,
    expiresAt: new Date(Date.now() + (request.expiry ?? QUEUE_EXPIRY_HOURS.default) * 3_600_000),
  };
  await center.assertReachable(commands);
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    const rows = await insertCommands(trx, commands);
    if (rows.length !== mids.length) {
      const known = new Set(rows.map((row) => row.mid));
      const missing = mids.filter((mid) => !known.has(mid));
      // Throwing rolls the rows back: a command for another project's device changes nothing.
      throw new ServiceError(
        commandText(user.language, 'unknownDevices', {
          project: project.name,
          mids: firstOf(missing),
        }),
      );
    }
    const detail = { project: project.name, database: project.numero, command: cmd };
    await recordAction(ctx, 'command_sent', { ...detail, mids: firstOf(mids) }, trx);
    return rows;
  });
  ctx.log.info(
    { cmd, devices: mids.length, project: project.numero, user: user.login, source },
    'device command',
  );
  const results = await center.send(commands, request.wait, inserted);
  await logUndelivered(ctx, project, cmd, results);
  return { results };
}

/** Commands that failed or found their device offline, as lines of the server log (/app/logs). */
async function logUndelivered(
  ctx: OperationContext,
  project: ProjectAccess,
  command: string,
  results: CommandResultRow[],
): Promise<void> {
  const lines = results
    .filter((row) => row.state === 'failed' || row.state === 'offline')
    .map((row) => ({
      companyId: project.companyId,
      numero: project.numero,
      mid: row.device,
      level: row.state === 'failed' ? ('error' as const) : ('warning' as const),
      event: row.state === 'failed' ? 'command_failed' : 'command_offline',
      detail: {
        command,
        by: ctx.user.login,
        ...(row.exceptionMessage && { error: row.exceptionMessage }),
      },
    }));
  await writeServerLog(ctx.db, ...lines);
}
