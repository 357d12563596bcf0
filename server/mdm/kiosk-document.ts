import { KIOSK_SETTINGS, type KioskSetting } from '../../protocol/resources/mdm-kiosk';

/**
 * The kiosk of an Android policy document and back (docs/mdm.md "Kiosk"): the business rules of
 * `/app/mdmkiosk`, kept apart from the reads and writes (server/mdm/kiosk.ts) so they are tested
 * without a database. Packages stand for the catalogue's apps; the caller maps them to ids.
 */

export interface KioskApp {
  packageName: string;
  installType?: string;
  lockTaskAllowed?: boolean;
  [setting: string]: unknown;
}

export type KioskDocument = Record<string, unknown> & {
  applications?: KioskApp[];
  kioskCustomization?: Partial<Record<KioskSetting, string>>;
};

export interface KioskValues {
  kioskApp: string | null;
  lockTaskApps: string[];
  settings: Partial<Record<KioskSetting, string | null>>;
}

export const KIOSK_SETTING_NAMES = Object.keys(KIOSK_SETTINGS) as KioskSetting[];

/** What the kiosk screen shows of a document: the kiosk app, the lock-task apps, the settings. */
export function kioskOf(document: KioskDocument | null): KioskValues {
  const apps = document?.applications ?? [];
  const customization = document?.kioskCustomization ?? {};
  return {
    kioskApp: apps.find((app) => app.installType === 'KIOSK')?.packageName ?? null,
    lockTaskApps: apps
      .filter((app) => app.installType !== 'KIOSK' && app.lockTaskAllowed)
      .map((app) => app.packageName),
    settings: Object.fromEntries(KIOSK_SETTING_NAMES.map((s) => [s, customization[s] ?? null])),
  };
}

/**
 * The document with the kiosk changed: the kiosk app is the one `KIOSK` app (another one before
 * keeps its entry, force-installed); each lock-task app is allowed in lock task (added,
 * force-installed, when the policy lacked it) and every other loses it; a setting left empty is
 * removed (the device's default), and no setting left removes `kioskCustomization`. The rest of
 * the document is kept as it was.
 */
export function withKiosk(document: KioskDocument | null, changes: Partial<KioskValues>) {
  const current = kioskOf(document);
  const kioskApp = changes.kioskApp !== undefined ? changes.kioskApp : current.kioskApp;
  const lockTask = new Set(changes.lockTaskApps ?? current.lockTaskApps);
  if (kioskApp) lockTask.delete(kioskApp);
  const apps = (document?.applications ?? []).map((app): KioskApp => {
    const { lockTaskAllowed: _allowed, ...rest } = app;
    if (app.packageName === kioskApp) return { ...rest, installType: 'KIOSK' };
    const installType = app.installType === 'KIOSK' ? 'FORCE_INSTALLED' : app.installType;
    const entry = { ...rest, ...(installType ? { installType } : {}) };
    return lockTask.has(app.packageName) ? { ...entry, lockTaskAllowed: true } : entry;
  });
  const listed = new Set(apps.map((app) => app.packageName));
  if (kioskApp && !listed.has(kioskApp)) apps.push({ packageName: kioskApp, installType: 'KIOSK' });
  for (const packageName of lockTask) {
    if (!listed.has(packageName)) {
      apps.push({ packageName, installType: 'FORCE_INSTALLED', lockTaskAllowed: true });
    }
  }
  const settings = { ...current.settings, ...changes.settings };
  const customization = Object.fromEntries(
    KIOSK_SETTING_NAMES.filter((s) => settings[s]).map((s) => [s, settings[s]]),
  );
  const { kioskCustomization: _old, applications: _apps, ...rest } = document ?? {};
  return {
    ...rest,
    ...(apps.length ? { applications: apps } : {}),
    ...(Object.keys(customization).length ? { kioskCustomization: customization } : {}),
  } as KioskDocument;
}
