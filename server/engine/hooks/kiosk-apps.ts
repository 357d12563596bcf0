import { fileStore } from '../../files/index';
import { removeApk, storedApkInfo } from '../../kiosk/apk-store';
import { sql } from 'kysely';
import { premiumRefusal } from '../../kiosk/premium/texts';
import { kioskRefusal } from '../../kiosk/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * The simple kiosk's app rules (002 §4/§5 Simple kiosk): an app marked Uninstall is not in the
 * whitelist (ticking Uninstall clears Whitelist); an app with an uploaded APK (`Checksum`) takes
 * its package, version, file name and size from what the APK's manifest said at its upload, not
 * from the form; without one it is a system app, with no URL nor file values.
 */

/** The values an APK gives its app, or those of a system app when `checksum` is null. */
async function apkValues(checksum: unknown, hook: HookContext): Promise<Row> {
  if (checksum === null || checksum === undefined || checksum === '') {
    return { Checksum: null, URL: null, Filesize: null, VersionCode: null, MinSdk: null };
  }
  const { ctx } = hook;
  const store = fileStore(ctx.config, ctx.db);
  const info = await storedApkInfo(store, ctx.user.companyId ?? 0, String(checksum));
  if (!info) throw kioskRefusal(ctx.user, 'apkMissing', { checksum: String(checksum) });
  return {
    Checksum: info.sha256,
    Package: info.package,
    Version: info.versionName,
    URL: info.name,
    Filesize: info.size,
    VersionCode: info.versionCode,
    MinSdk: info.minSdk,
  };
}

/**
 * The stored APK of `checksum` is removed once the write is committed, when no app of the company
 * uses it any more (a deleted app, or one given another APK); profiles hold apps, not files.
 */
function releaseApk(checksum: unknown, hook: HookContext) {
  if (typeof checksum !== 'string' || !checksum) return;
  const { ctx } = hook;
  const company = ctx.user.companyId ?? 0;
  const release = async () => {
    const { rows } = await sql`
      SELECT 1 FROM core.kiosk_apps WHERE company_id = ${company} AND "Checksum" = ${checksum}
      LIMIT 1`.execute(ctx.db);
    if (!rows.length) await removeApk(fileStore(ctx.config, ctx.db), company, checksum);
  };
  if (hook.afterCommit) hook.afterCommit(release);
  else void release().catch((error) => ctx.log.warn({ err: error }, 'kiosk APK not removed'));
}

export const kioskAppsHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    const row = { ...values, ...(await apkValues(values.Checksum, hook)) };
    return row.Uninstall === true ? { ...row, Whitelist: false } : row;
  },
  async beforeEdit(changes, before, hook) {
    const row = Object.hasOwn(changes, 'Checksum')
      ? { ...changes, ...(await apkValues(changes.Checksum, hook)) }
      : { ...changes };
    const uninstall = Object.hasOwn(row, 'Uninstall') ? row.Uninstall : before.Uninstall;
    return uninstall === true ? { ...row, Whitelist: false } : row;
  },
  // An app a premium profile contains is not deleted (002 §8), naming a profile.
  async beforeDelete(before, hook) {
    const { rows } = await sql<{ Name: string }>`
      SELECT p."Name" FROM core.kiosk_profile_apps l JOIN core.kiosk_profiles p ON p.id = l."Idprofile"
      WHERE l.company_id = ${hook.ctx.user.companyId} AND l."Idpackage" = ${Number(before.id)}
      ORDER BY p."Name" LIMIT 1`.execute(hook.trx);
    if (rows.length) throw premiumRefusal(hook.ctx.user, 'appInProfile', { profile: rows[0].Name });
  },
  async afterDelete(before, hook) {
    releaseApk(before.Checksum, hook);
  },
  async afterEdit(after, before, hook) {
    if (after.Checksum !== before.Checksum) releaseApk(before.Checksum, hook);
  },
};
