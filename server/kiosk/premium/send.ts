import { sql } from 'kysely';
import type { CommandName } from '../../../protocol/commands';
import { sendToDevices } from '../../commands/send';
import type { Db } from '../../db/database';
import type { HookContext } from '../../engine/hooks';
import { requireProject } from '../../services/projects/access';
import type { OperationContext } from '../../services/registry';

/** A kiosk device as the commands need it: its project and MID. */
export interface KioskTarget {
  Database: number;
  Guid: string;
}

/** The devices of a profile, read on the write's transaction (a move not yet committed counts). */
export async function profileDevices(
  trx: Db,
  company: number,
  profile: number,
): Promise<KioskTarget[]> {
  const { rows } = await sql<KioskTarget>`
    SELECT "Database", "Guid" FROM core.kiosk_devices
    WHERE company_id = ${company} AND "Idprofile" = ${profile}
    ORDER BY "Database", "Guid"`.execute(trx);
  return rows;
}

/**
 * Sends one command to kiosk devices through the command queue (server/commands/): an online
 * device gets it at once, an offline one when it connects (pending until then, expired after
 * a week). Grouped by project; a device of a project the caller cannot reach is refused whole.
 */
export async function sendKiosk(
  ctx: OperationContext,
  targets: KioskTarget[],
  cmd: CommandName,
  params: Record<string, unknown>,
): Promise<number> {
  const byProject = new Map<number, string[]>();
  for (const target of targets) {
    const mids = byProject.get(target.Database) ?? [];
    mids.push(target.Guid);
    byProject.set(target.Database, mids);
  }
  let sent = 0;
  for (const [numero, mids] of byProject) {
    const project = await requireProject(ctx, numero);
    for (let i = 0; i < mids.length; i += 5000) {
      const dest = mids.slice(i, i + 5000);
      await sendToDevices({ cmd, dest, params, wait: false }, ctx, project, 'mdm');
      sent += dest.length;
    }
  }
  return sent;
}

/** Sends one command to every device of a profile (none: nothing sent). */
export async function sendToProfile(
  hook: HookContext,
  profile: number,
  cmd: CommandName,
  params: Record<string, unknown>,
): Promise<number> {
  const company = hook.ctx.user.companyId ?? 0;
  const targets = await profileDevices(hook.trx, company, profile);
  return targets.length ? sendKiosk(hook.ctx, targets, cmd, params) : 0;
}

/**
 * The command a device is sent when it moves between profiles (002 §4 "Device to profile"):
 * into a profile from none, `policy` with the profile; out of its profile, `invert-policy` with
 * the old one; from one profile to another, `change-policy` with both. Null: it did not move.
 */
export function movedCommand(
  now: number | null,
  old: number | null,
): { cmd: CommandName; params: Record<string, unknown> } | null {
  if (now === old) return null;
  if (now === null) return { cmd: 'invert-policy', params: { policy: { profile: old } } };
  if (old === null) return { cmd: 'policy', params: { policy: { profile: now } } };
  return { cmd: 'change-policy', params: { policy: { profile: now, oldprofile: old } } };
}
