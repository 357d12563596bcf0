import { sql } from 'kysely';
import { apkLink } from '../../kiosk/signed-link';
import { sendToProfile } from '../../kiosk/premium/send';
import { premiumRefusal } from '../../kiosk/premium/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * An app in a premium profile (002 §4 Premium kiosk "App in profile"): adding an APK app (with a
 * Url) installs it on every device of the profile (`method: urlDownload`, resumed, hidden when
 * not visible, `ids` when the profile has a broker); adding a system app hides or shows it; the
 * Visible toggle sends hide (off) or show (on); the Uninstall toggle uninstall (on) or install
 * (off); the Whitelist toggle sends nothing. Whitelist and Uninstall are refused for a system app
 * (§4). Removing the app only removes the link. Everything goes through the command queue.
 */

interface App {
  Name: string;
  Package: string;
  URL: string | null;
  Checksum: string | null;
  VersionCode: number | null;
}

async function appOf(hook: HookContext, id: unknown): Promise<App> {
  const { rows } = await sql<App>`
    SELECT "Name", "Package", "URL", "Checksum", "VersionCode" FROM core.kiosk_apps
    WHERE company_id = ${hook.ctx.user.companyId} AND id = ${Number(id)}`.execute(hook.trx);
  return rows[0];
}

const isSystem = (app: App) => !app.URL || !app.Checksum;

/** The install command of an APK app for a profile's devices. */
async function install(hook: HookContext, app: App, link: Row): Promise<void> {
  const company = hook.ctx.user.companyId ?? 0;
  const { rows } = await sql<{ Brokerurl: string | null }>`
    SELECT "Brokerurl" FROM core.kiosk_profiles WHERE id = ${Number(link.Idprofile)}`.execute(
    hook.trx,
  );
  const url = await apkLink(hook.ctx.config, hook.ctx.db, company, app.Checksum!);
  await sendToProfile(hook, Number(link.Idprofile), 'install', {
    packageName: app.Package,
    appName: app.Name,
    url,
    method: 'urlDownload',
    resume: true,
    hidden: !link.Visible,
    checksum: app.Checksum!,
    versionCode: app.VersionCode,
    ...(rows[0]?.Brokerurl ? { ids: true } : {}),
  });
}

export const kioskProfileAppsHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    const app = await appOf(hook, values.Idpackage);
    const { rows } = await sql<{ one: number }>`
      SELECT 1 AS one FROM core.kiosk_profile_apps
      WHERE company_id = ${hook.ctx.user.companyId} AND "Idprofile" = ${Number(values.Idprofile)}
        AND "Idpackage" = ${Number(values.Idpackage)}`.execute(hook.trx);
    if (app && rows.length)
      throw premiumRefusal(hook.ctx.user, 'alreadyLinked', { name: app.Name });
    // A system app is neither uninstalled nor executed (002 §5 App editor).
    if (app && isSystem(app)) return { ...values, Uninstall: false, Executeapp: false };
    return values.Uninstall === true ? { ...values, Whitelist: false } : values;
  },
  async afterCreate(row, hook) {
    const app = await appOf(hook, row.Idpackage);
    if (!isSystem(app)) return install(hook, app, row);
    await sendToProfile(hook, Number(row.Idprofile), row.Visible ? 'show' : 'hide', {
      packageName: app.Package,
    });
  },
  async beforeEdit(changes, before, hook) {
    const app = await appOf(hook, before.Idpackage);
    const touches = ['Whitelist', 'Uninstall'].some(
      (flag) => Object.hasOwn(changes, flag) && changes[flag] !== before[flag],
    );
    if (touches && isSystem(app)) throw premiumRefusal(hook.ctx.user, 'systemApp');
    return changes.Uninstall === true ? { ...changes, Whitelist: false } : changes;
  },
  async afterEdit(after, before, hook) {
    const app = await appOf(hook, after.Idpackage);
    const profile = Number(after.Idprofile);
    if (after.Visible !== before.Visible) {
      await sendToProfile(hook, profile, after.Visible ? 'show' : 'hide', {
        packageName: app.Package,
      });
    }
    if (after.Uninstall !== before.Uninstall) {
      if (after.Uninstall) {
        await sendToProfile(hook, profile, 'uninstall', { packageName: app.Package });
      } else if (!isSystem(app)) {
        await install(hook, app, after);
      }
    }
  },
};
