import { sql } from 'kysely';
import {
  MAX_KIOSK_WIFIS,
  WIFI_SECURITY_MODES,
  type KioskWifi,
} from '../../../protocol/resources/kiosk-config';
import { kioskRefusal } from '../../kiosk/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * The simple kiosk configuration's rules (002 §4/§5 Simple kiosk): one per company; its wifis each
 * with ssid, password and a security mode of WEP, WPA and NONE, no ssid twice (the console adds
 * a wifi only then; the server refuses a list that breaks it); the launch-on-boot app, when set,
 * is a package of the company's kiosk app list.
 */

/** The wifi list as stored: trimmed, autoconnect a yes/no; refused when a wifi breaks a rule. */
function cleanWifis(given: unknown, hook: HookContext): KioskWifi[] {
  const user = hook.ctx.user;
  if (given === null || given === undefined) return [];
  if (!Array.isArray(given)) throw kioskRefusal(user, 'badWifi', { n: 1 });
  if (given.length > MAX_KIOSK_WIFIS) {
    throw kioskRefusal(user, 'tooManyWifis', { max: MAX_KIOSK_WIFIS });
  }
  const seen = new Set<string>();
  return given.map((item: unknown, index) => {
    const wifi = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const ssid = text(wifi.ssid);
    const password = text(wifi.password);
    const mode = text(wifi.securitymode).toUpperCase();
    const modeOk = (WIFI_SECURITY_MODES as readonly string[]).includes(mode);
    if (!ssid || ssid.length > 32 || !password || password.length > 64 || !modeOk) {
      throw kioskRefusal(user, 'badWifi', { n: index + 1 });
    }
    if (seen.has(ssid)) throw kioskRefusal(user, 'duplicateWifi', { ssid });
    seen.add(ssid);
    const auto = wifi.autoconnect;
    return {
      ssid,
      password,
      securitymode: mode as KioskWifi['securitymode'],
      autoconnect: auto === true || auto === 1 || auto === '1' || auto === 'true',
    };
  });
}

/** Refuses a launch-on-boot package that is not one of the company's kiosk apps. */
async function checkLaunchOnBoot(value: unknown, _before: Row | null, hook: HookContext) {
  if (value === null || value === undefined || value === '') return;
  const found = await sql<{ one: number }>`
    SELECT 1 AS one FROM core.kiosk_apps
    WHERE company_id = ${hook.ctx.user.companyId} AND "Package" = ${String(value)}`.execute(
    hook.trx,
  );
  if (!found.rows.length) {
    throw kioskRefusal(hook.ctx.user, 'notInList', { package: String(value) });
  }
}

export const kioskConfigHooks: ResourceHooks = {
  guards: { launchonboot: checkLaunchOnBoot },
  async beforeCreate(values: Row, hook) {
    // One per company: the company's row is locked by the insert's check below.
    await sql`SELECT pg_advisory_xact_lock(hashtext('kiosk_config'), ${hook.ctx.user.companyId})`.execute(
      hook.trx,
    );
    const held = await sql<{ one: number }>`
      SELECT 1 AS one FROM core.kiosk_config WHERE company_id = ${hook.ctx.user.companyId}`.execute(
      hook.trx,
    );
    if (held.rows.length) throw kioskRefusal(hook.ctx.user, 'oneConfig');
    return { ...values, wifis: JSON.stringify(cleanWifis(values.wifis, hook)) };
  },
  async beforeEdit(changes: Row, _before, hook) {
    if (!Object.hasOwn(changes, 'wifis')) return changes;
    return { ...changes, wifis: JSON.stringify(cleanWifis(changes.wifis, hook)) };
  },
};
