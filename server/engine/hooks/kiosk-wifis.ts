import { sql } from 'kysely';
import { premiumRefusal } from '../../kiosk/premium/texts';
import type { ResourceHooks } from '../hooks';

/** A premium wifi a profile holds is not deleted (002 §8: refused, naming a profile). */
export const kioskWifisHooks: ResourceHooks = {
  async beforeDelete(before, hook) {
    const { rows } = await sql<{ Name: string }>`
      SELECT p."Name" FROM core.kiosk_profile_wifis l JOIN core.kiosk_profiles p ON p.id = l."Idprofile"
      WHERE l.company_id = ${hook.ctx.user.companyId} AND l."Idwifi" = ${Number(before.id)}
      ORDER BY p."Name" LIMIT 1`.execute(hook.trx);
    if (rows.length)
      throw premiumRefusal(hook.ctx.user, 'wifiInProfile', { profile: rows[0].Name });
  },
};
