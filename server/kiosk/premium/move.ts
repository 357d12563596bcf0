import { sql } from 'kysely';
import { z } from 'zod';
import { resourceDefinition } from '../../../protocol/resources';
import { traceWrite } from '../../engine/trace';
import { profileOf } from '../../engine/hooks/kiosk-devices';
import { requireProject } from '../../services/projects/access';
import { executeOperation, type Executed } from '../../services/route';
import { defineOperation, type Operation } from '../../services/registry';
import type { Call, Row } from './call';
import { movedCommand, sendKiosk, type KioskTarget } from './send';
import { premiumRefusal } from './texts';

/** At most this many devices in one move (a page of "All" rows of the console). */
export const MOVE_MAX_DEVICES = 5000;

interface MovedRow extends Row {
  id: string;
  Guid: string;
  Database: number;
  Idprofile: string | null;
  version: number;
}

/**
 * Several kiosk devices moved to one profile (or out of theirs: profile 0), in one transaction:
 * every device must be one of the company's (else nothing moves), each moved one gets its
 * actions-log line and revision as an edit of it does, and the command of a single move
 * (`movedCommand`: policy, change-policy naming its old profile, invert-policy), queued for the
 * devices of each old profile at once while the transaction is open, as the single move's hook
 * queues it: a command refused (a project the caller cannot reach) moves nothing.
 */
const moveDevices = defineOperation({
  name: 'kioskDevicesMove',
  parameter: z.object({
    ids: z.array(z.number().int().positive()).min(1).max(MOVE_MAX_DEVICES),
    profile: z.number().int().min(0),
  }),
  // The permission and menu gate of a device's edit, read from the registry at each call.
  permission: 'admin',
  async handler({ ids, profile }, ctx) {
    const company = ctx.user.companyId ?? 0;
    const definition = resourceDefinition('kiosk-devices')!;
    const wanted = [...new Set(ids)];
    const target = profile > 0 ? profile : null;
    return ctx.db.transaction().execute(async (trx) => {
      if (target !== null) {
        const { rows } = await sql`
          SELECT id FROM core.kiosk_profiles WHERE company_id = ${company} AND id = ${target}`.execute(
          trx,
        );
        if (!rows.length) throw premiumRefusal(ctx.user, 'profileMissing', { id: target });
      }
      const { rows: before } = await sql<MovedRow>`
        SELECT id, "Guid", "Database", "Idprofile", version FROM core.kiosk_devices
        WHERE company_id = ${company} AND id = ANY(${wanted}::bigint[])
        ORDER BY id FOR UPDATE`.execute(trx);
      if (before.length !== wanted.length) {
        const known = new Set(before.map((row) => Number(row.id)));
        throw premiumRefusal(ctx.user, 'deviceMissing', {
          id: wanted.find((id) => !known.has(id))!,
        });
      }
      const moving = before.filter((row) => profileOf(row) !== target);
      for (const numero of new Set(moving.map((row) => Number(row.Database)))) {
        await requireProject(ctx, numero);
      }
      if (!moving.length) return { moved: 0, sent: 0 };
      const { rows: after } = await sql<MovedRow>`
        UPDATE core.kiosk_devices
        SET "Idprofile" = ${target}, version = version + 1, updated_at = now()
        WHERE company_id = ${company} AND id = ANY(${moving.map((row) => row.id)}::bigint[])
        RETURNING id, "Guid", "Database", "Idprofile", version`.execute(trx);
      const old = new Map(moving.map((row) => [row.id, row]));
      for (const row of after) {
        const was = old.get(row.id)!;
        await traceWrite(
          trx,
          ctx,
          definition,
          Number(row.id),
          row,
          {
            change: 'edit',
            before: { Idprofile: profileOf(was), version: was.version },
            after: { Idprofile: target, version: row.version },
          },
          { changed: ['Idprofile'] },
        );
      }
      // One command per old profile: the devices that leave the same profile share it.
      const byOld = new Map<number | null, KioskTarget[]>();
      for (const row of moving) {
        const group = byOld.get(profileOf(row)) ?? [];
        group.push({ Database: Number(row.Database), Guid: row.Guid });
        byOld.set(profileOf(row), group);
      }
      let sent = 0;
      for (const [from, devices] of byOld) {
        const command = movedCommand(target, from)!;
        sent += await sendKiosk(ctx, devices, command.cmd, command.params);
      }
      return { moved: moving.length, sent };
    });
  },
});

/**
 * kioskDeviceUpdate with a list of devices (`IdDevice` an array): the move above, as the caller,
 * with the permission and the access tree's gate of one device's edit (kioskDevicesEdit).
 */
export function moveDevicesCall(call: Call, ids: unknown[], profile: number): Promise<Executed> {
  const edit = call.deps.registry.get('kioskDevicesEdit')!;
  const operation: Operation = { ...moveDevices, permission: edit.permission, aliasOf: edit.name };
  return executeOperation({
    request: call.request,
    deps: call.deps,
    user: call.user,
    operation,
    name: 'kioskDeviceUpdate',
    parameter: { ids: ids.map(Number), profile },
    root: 'filter',
  });
}
