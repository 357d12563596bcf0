import { sql, type Kysely } from 'kysely';

// Frozen in time. Devices enrolled through the device protocol used to keep STATUS 0 ("not
// provisioned"), so disabling one (PENDIENTE 1) never made it disabled (000 §4). Enrolment now
// writes STATUS 2; this brings the devices enrolled before it there. A device enrolled through
// the protocol is one with a credential in core.device_directory; devices created in the
// console without enrolling keep their status.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const numero = Number(/^prj_(\d+)$/.exec(schema)?.[1]);
  await sql`
    UPDATE ${sql.id(schema, 'devices')} AS t SET "STATUS" = 2
    FROM core.device_directory AS d
    WHERE d.mid = t."MID" AND d.numero = ${numero} AND t."STATUS" = 0
  `.execute(db);
}
