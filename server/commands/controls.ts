import { sql } from 'kysely';
import { defineProjectOperation } from '../services/projects/access';
import { requireDevice } from './history';
import { deviceParameter } from './operations';

/** The policy toggles a device reports (protocol/commands.ts, the `enabled` commands). */
export const TOGGLE_COMMANDS = [
  'camera',
  'wifi',
  'mobiledata',
  'playstore',
  'settings',
  'statusbar',
] as const;

/** A toggle as the device last reported it: on or off, and when. */
export interface ToggleState {
  enabled: boolean;
  at: string;
}

/**
 * What a device last reported of its policy toggles (camera off, wifi on…), for the console to
 * show before one is changed: from its history, the newest of a toggle command it executed (its
 * `enabled`) and of an inventory it answered (`info`'s `settings`). A toggle it never reported
 * is absent. One device's rows, through its (MID, CREATED) index.
 */
export async function deviceToggles(
  db: Parameters<typeof requireDevice>[0],
  schema: string,
  mid: string,
): Promise<Record<string, ToggleState>> {
  const { rows } = await sql<{ CMD: string; PARAMS: unknown; RESULT: unknown; at: Date }>`
    SELECT DISTINCT ON ("CMD") "CMD", "PARAMS", "RESULT", COALESCE("CONFIRMED", "CREATED") AS at
    FROM ${sql.id(schema, 'device_commands')}
    WHERE "MID" = ${mid} AND "STATE" = 'executed'
      AND "CMD" IN (${sql.join([...TOGGLE_COMMANDS, 'info'])})
    ORDER BY "CMD", "CREATED" DESC, "ID" DESC
  `.execute(db);
  const states: Record<string, ToggleState> = {};
  const offer = (toggle: string, enabled: unknown, at: Date) => {
    if (typeof enabled !== 'boolean') return;
    const known = states[toggle];
    if (!known || new Date(known.at) < at) states[toggle] = { enabled, at: at.toISOString() };
  };
  for (const row of rows) {
    if (row.CMD === 'info') {
      const result = (row.RESULT as { result?: { settings?: Record<string, unknown> } } | null)
        ?.result;
      for (const toggle of TOGGLE_COMMANDS) offer(toggle, result?.settings?.[toggle], row.at);
    } else {
      offer(row.CMD, (row.PARAMS as { enabled?: unknown } | null)?.enabled, row.at);
    }
  }
  return states;
}

/** `{database, mid}` → the device's toggles as it last reported them (deviceToggles). */
export const deviceControls = defineProjectOperation({
  name: 'deviceControls',
  parameter: deviceParameter,
  node: 'devices.modify',
  mode: 'show',
  async handler({ mid }, { db, user }, project) {
    await requireDevice(db, project, mid, user.language);
    return { toggles: await deviceToggles(db, project.schema, mid) };
  },
});
