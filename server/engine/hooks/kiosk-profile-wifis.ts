import { sql } from 'kysely';
import { sendToProfile } from '../../kiosk/premium/send';
import { premiumRefusal } from '../../kiosk/premium/texts';
import type { HookContext, ResourceHooks } from '../hooks';

/**
 * A wifi in a premium profile (002 §4 Premium kiosk): a wifi added to a profile is sent to its
 * devices as addWifiNetwork (networkSSID, password, securityMode, autoconnect) through the
 * command queue; a wifi is in a profile once.
 */

interface Wifi {
  Ssid: string;
  Pass: string | null;
  Encrypt: 'WEP' | 'WPA' | 'NONE';
}

async function wifiOf(hook: HookContext, id: unknown): Promise<Wifi> {
  const { rows } = await sql<Wifi>`
    SELECT "Ssid", "Pass", "Encrypt" FROM core.kiosk_wifis
    WHERE company_id = ${hook.ctx.user.companyId} AND id = ${Number(id)}`.execute(hook.trx);
  return rows[0];
}

export const kioskProfileWifisHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    const wifi = await wifiOf(hook, values.Idwifi);
    const { rows } = await sql<{ one: number }>`
      SELECT 1 AS one FROM core.kiosk_profile_wifis
      WHERE company_id = ${hook.ctx.user.companyId} AND "Idprofile" = ${Number(values.Idprofile)}
        AND "Idwifi" = ${Number(values.Idwifi)}`.execute(hook.trx);
    if (wifi && rows.length)
      throw premiumRefusal(hook.ctx.user, 'alreadyLinked', { name: wifi.Ssid });
  },
  async afterCreate(row, hook) {
    const wifi = await wifiOf(hook, row.Idwifi);
    await sendToProfile(hook, Number(row.Idprofile), 'addWifiNetwork', {
      networkSSID: wifi.Ssid,
      password: wifi.Pass ?? '',
      securityMode: wifi.Encrypt,
      autoconnect: row.Autoconnect === true,
    });
  },
};
