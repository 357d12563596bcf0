import { movedCommand, sendKiosk, type KioskTarget } from '../../kiosk/premium/send';
import { requireProject } from '../../services/projects/access';
import type { ResourceHooks, Row } from '../hooks';

/**
 * A kiosk device's moves between profiles (002 §4 Premium kiosk "Device to profile"), each sent
 * to the device through the command queue after the update: into a profile from none, `policy`
 * with the profile; out of its profile (profile 0), `invert-policy` with the old one; from one
 * profile to another, `change-policy` with both.
 */

export const profileOf = (row: Row): number | null =>
  row.Idprofile === null || row.Idprofile === undefined || Number(row.Idprofile) === 0
    ? null
    : Number(row.Idprofile);

const target = (row: Row): KioskTarget => ({
  Database: Number(row.Database),
  Guid: String(row.Guid),
});

export const kioskDevicesHooks: ResourceHooks = {
  guards: {
    // The device's project must be one the caller reaches (its commands go through it).
    async Database(value, _before, hook) {
      await requireProject(hook.ctx, Number(value));
    },
  },
  async afterCreate(row, hook) {
    const profile = profileOf(row);
    if (profile !== null) {
      await sendKiosk(hook.ctx, [target(row)], 'policy', { policy: { profile } });
    }
  },
  async afterEdit(after, before, hook) {
    const moved = movedCommand(profileOf(after), profileOf(before));
    if (moved) await sendKiosk(hook.ctx, [target(after)], moved.cmd, moved.params);
  },
};
