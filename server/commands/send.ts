import { firstOf } from '../services/area-texts';
import { z } from 'zod';
import type { CommandResultRow, CommandSource } from '../../protocol/commands';
import type { ProjectAccess } from '../services/projects/access';
import { ServiceError, type OperationContext } from '../services/registry';
import { midListSchema, midSchema } from '../services/devices/fields';
import { commandCenterOf } from './center';
import { insertCommands } from './store';
import { commandText } from './texts';
import { checkCommand } from './validate';

/** `dest`: a list of MIDs (1–5000), or one MID. */
export const destSchema = z.union([midListSchema, midSchema.transform((mid) => [mid])]);

export interface CommandRequest {
  cmd: string;
  dest: string[];
  params: Record<string, unknown>;
  wait: boolean;
}

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
  const commands = {
    numero: project.numero,
    schema: project.schema,
    cmd,
    params,
    mids,
    sender: { id: user.id, login: user.login, language: user.language },
    source,
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
    return rows;
  });
  ctx.log.info(
    { cmd, devices: mids.length, project: project.numero, user: user.login, source },
    'device command',
  );
  return { results: await center.send(commands, request.wait, inserted) };
}
