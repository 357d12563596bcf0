import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { wifisOf, wireApp } from './wire';

/** Most apps a device's configuration lists (the whitelist of one company). */
const MAX_APPS = 1000;

/**
 * What an enrolled kiosk device reads through the QR code's signed link: the kiosk password, the
 * launch-on-boot app, the wifis and the app list, each APK with a signed download link.
 */
export async function deviceConfig(config: Config, db: Db, company: number) {
  const row = (
    await sql<Record<string, unknown>>`
      SELECT password, launchonboot, wifis FROM core.kiosk_config WHERE company_id = ${company}`.execute(
      db,
    )
  ).rows[0];
  const apps = (
    await sql<Record<string, unknown>>`
      SELECT * FROM core.kiosk_apps WHERE company_id = ${company}
      ORDER BY "Name", id LIMIT ${MAX_APPS}`.execute(db)
  ).rows;
  return {
    password: (row?.password as string | undefined) ?? '',
    launchonboot: (row?.launchonboot as string | null | undefined) ?? null,
    wifis: wifisOf(row),
    apps: await Promise.all(apps.map((app) => wireApp(app, config, db, company))),
  };
}
