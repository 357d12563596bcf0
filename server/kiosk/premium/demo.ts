import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { DEMO_COMPANY } from '../../db/seed';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../device/demo';
import { kioskEnrolLink } from './enrol';

/** The demo premium profile, and its command entries (the device context menu's). */
export const DEMO_KIOSK_PROFILE = 'Kiosco demo';
const DEMO_CONTROL = {
  cm: [
    { c: 'getApplicationList', p: '', v: 'T' },
    { c: 'camera', p: '', v: 'F' },
    { c: 'statusbar', p: '', v: 'F' },
  ],
};

/**
 * `npm start`'s premium kiosk (docs/kiosk.md "In the demo"): the demo company's premium kiosk on
 * and a default profile, once; the profile's QR enrolment link for the demo project is added to
 * the demo enrolment file, from which some simulated Android devices enrol as its kiosk devices.
 */
export async function seedDemoKiosk(db: Db, config: Config): Promise<void> {
  const file = path.join(config.DATA_DIR, DEMO_ENROLMENT_FILE);
  if (!fs.existsSync(file)) return;
  const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoEnrolmentFile & {
    kioskEnrolUrl?: string;
  };
  if (demo.kioskEnrolUrl) return;
  const seeded = await db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('core.companies')
      .select('id')
      .where('name', '=', DEMO_COMPANY)
      .executeTakeFirst();
    if (!company) return null;
    const { rows: kiosk } = await sql`
      SELECT 1 FROM core.kiosk_premium WHERE company_id = ${company.id}`.execute(trx);
    if (kiosk.length) return null;
    await sql`INSERT INTO core.kiosk_premium (company_id, "Enabled") VALUES (${company.id}, true)`.execute(
      trx,
    );
    const { rows } = await sql<{ id: string }>`
      INSERT INTO core.kiosk_profiles (company_id, "Name", "Pwd", "Default", "Control")
      VALUES (${company.id}, ${DEMO_KIOSK_PROFILE}, '1234', true, ${JSON.stringify(DEMO_CONTROL)}::jsonb)
      RETURNING id`.execute(trx);
    return { company: company.id, profile: Number(rows[0].id) };
  });
  if (!seeded) return;
  demo.kioskEnrolUrl = await kioskEnrolLink(
    config,
    db,
    seeded.company,
    seeded.profile,
    demo.project,
  );
  fs.writeFileSync(file, JSON.stringify(demo, null, 2) + '\n', { mode: 0o600 });
}
