import type { KioskAppRow } from '../../protocol/kiosk';
import type { KioskWifi } from '../../protocol/resources/kiosk-config';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { apkLink } from './signed-link';

/**
 * The simple kiosk's rows between the engine (booleans, `id`) and the wire of 002 §3 (`Id`, the
 * flags as 1/0), both ways.
 */

const FLAGS = ['Visible', 'Whitelist', 'Uninstall', 'Executeapp'] as const;

/** An engine row of kiosk-apps as the wire has it, with a signed link to its APK. */
export async function wireApp(
  row: Record<string, unknown>,
  config: Config,
  db: Db,
  company: number,
): Promise<KioskAppRow> {
  const checksum = (row.Checksum as string | null) ?? null;
  return {
    Id: Number(row.id),
    Name: String(row.Name ?? ''),
    Package: String(row.Package ?? ''),
    Version: (row.Version as string | null) ?? null,
    URL: (row.URL as string | null) ?? null,
    Visible: row.Visible ? 1 : 0,
    Whitelist: row.Whitelist ? 1 : 0,
    Uninstall: row.Uninstall ? 1 : 0,
    Executeapp: row.Executeapp ? 1 : 0,
    Checksum: checksum,
    Checksumtype: checksum ? 'SHA-256' : null,
    Filesize: (row.Filesize as number | null) ?? null,
    VersionCode: (row.VersionCode as number | null) ?? null,
    MinSdk: (row.MinSdk as number | null) ?? null,
    version: Number(row.version),
    Download: checksum ? await apkLink(config, db, company, checksum) : null,
  };
}

const yes = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** An AppUpdate's data as the engine takes it: flags as yes/no, `Id` and `Checksumtype` dropped. */
export function engineApp(data: Record<string, unknown>): Record<string, unknown> {
  const { Id: _id, Checksumtype: _type, Download: _link, ...rest } = data;
  for (const flag of FLAGS) if (Object.hasOwn(rest, flag)) rest[flag] = yes(rest[flag]);
  return rest;
}

/** The stored wifi list (null before the first save is an empty one). */
export const wifisOf = (row: Record<string, unknown> | undefined): KioskWifi[] =>
  Array.isArray(row?.wifis) ? (row.wifis as KioskWifi[]) : [];
