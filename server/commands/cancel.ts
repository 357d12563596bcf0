import { z } from 'zod';
import { recordAction } from '../actions-log';
import { databaseSchema, defineProjectOperation } from '../services/projects/access';
import { ServiceError } from '../services/registry';
import { cancelQueued } from './queue';
import { commandText } from './texts';

/**
 * Cancels queued commands (docs/device-protocol.md, "Queued commands"): those still pending end
 * 'cancelled' and are never sent. Cancelling changes what devices will do, so it needs what
 * sending needs, write on devices.modify. Refused (nothing changed) when none of them is
 * pending any more: handed to its device meanwhile, expired, or not a command of the project.
 */
export const cancelCommand = defineProjectOperation({
  name: 'cancelCommand',
  parameter: z.object({
    database: databaseSchema,
    ids: z.array(z.number().int().positive()).min(1).max(1000),
  }),
  node: 'devices.modify',
  mode: 'write',
  async handler({ ids }, ctx, project) {
    const wanted = [...new Set(ids)];
    const cancelled = await cancelQueued(ctx.db, project.numero, wanted);
    if (cancelled.length === 0) {
      throw new ServiceError(commandText(ctx.user.language, 'notPending'));
    }
    await recordAction(ctx, 'command_cancelled', {
      project: project.name,
      database: project.numero,
      id: cancelled.length === 1 ? cancelled[0] : cancelled.slice(0, 20).join(', '),
    });
    return { cancelled, notPending: wanted.filter((id) => !cancelled.includes(id)) };
  },
});
