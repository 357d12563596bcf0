import { sql } from 'kysely';
import type { z } from 'zod';
import {
  DEVICE_API,
  type enrolRequestSchema,
  type EnrolResponse,
} from '../../protocol/device-protocol';
import { BusChannel, type Bus, type DeviceConnectedEvent } from '../bus/index';
import type { Db } from '../db/database';
import { projectDb } from '../db/project-schema';
import { writeServerLog } from '../logs/server-log';
import { licenceIfFree } from '../services/projects/licence-pool';
import { DeviceRefusal, companyInactive } from './refusal';
import { hashSecret, newSecret, type DeviceCredential } from './secrets';
import { consumeEnrolmentToken } from './tokens';

export type EnrolBody = z.infer<typeof enrolRequestSchema>;

/**
 * STATUS of a device enrolled through the protocol: provisioned (000 §4 "Provision status").
 * The agent brings its own database, so there is nothing left to generate once it is admitted;
 * -1 and 0 stay for devices created in the console that never enrolled.
 */
export const ENROLLED_STATUS = 2;

export interface Enrolment {
  response: EnrolResponse;
  /** The MID was enrolled before: its earlier credential no longer works. */
  reenrolled: boolean;
}

/**
 * Admits a device with an enrolment token, in one transaction: the token's use, the directory
 * entry with the new credential's hash, the project's device row, its model, and the inventory
 * when sent.
 *
 * An enrolment token is shared (one QR code enrols a batch), so it does not prove that its
 * holder is a given device: a MID already enrolled takes a new credential only when the request
 * also presents the device's current one (`current`), or when an administrator ended that
 * credential (revocation; deleting the device removes the entry altogether). It then keeps its
 * row and the operator's edits. Any other enrolment of a known MID is refused, and a MID of
 * another project with the very answer of an invalid token, so that a token says nothing of
 * the devices of other projects and companies.
 */
/**
 * What an enrolment with another kind of token does (an MDM enrolment token, server/mdm/enrol.ts):
 * `consume` counts the token's use and answers its project (null: refused as a bad token);
 * `after` writes its own rows in the same transaction once the device is admitted.
 */
export interface EnrolTokenKind {
  consume(trx: Db, token: string): Promise<number | null>;
  after(trx: Db, admitted: { numero: number; companyId: number; deviceId: number }): Promise<void>;
}

export async function enrolDevice(
  db: Db,
  request: EnrolBody,
  checkinInterval: number,
  current: DeviceCredential | null = null,
  kind: EnrolTokenKind | null = null,
): Promise<Enrolment> {
  const credential = newSecret();
  // A credential of another MID proves nothing here; NULL never equals a stored hash.
  const currentHash = current?.mid === request.mid ? hashSecret(current.credential) : null;
  return db.transaction().execute(async (trx) => {
    const numero = kind
      ? await kind.consume(trx, request.token)
      : await consumeEnrolmentToken(trx, request.token);
    if (numero === null) throw new DeviceRefusal(401, 'badToken');
    const project = await trx
      .selectFrom('core.projects as p')
      .innerJoin('core.companies as o', 'o.id', 'p.company_id')
      .select(['p.schema_name', 'p.company_id', 'o.active'])
      .where('p.numero', '=', numero)
      .where('p.deleted', '=', false)
      .executeTakeFirst();
    if (!project) throw new DeviceRefusal(410, 'projectGone');
    // Refused before anything is written: the token stays usable once the company is enabled.
    if (!project.active) throw companyInactive();

    // One statement decides and writes, under the row lock of an existing entry: two
    // enrolments of one MID cannot both take it.
    const directory = await sql<{ inserted: boolean }>`
      INSERT INTO core.device_directory AS d (mid, numero, credential_hash)
      VALUES (${request.mid}, ${numero}, ${hashSecret(credential)})
      ON CONFLICT (mid) DO UPDATE
        SET credential_hash = EXCLUDED.credential_hash, revoked_at = NULL, enrolled_at = now()
        WHERE d.numero = EXCLUDED.numero
          AND (d.revoked_at IS NOT NULL OR d.credential_hash = ${currentHash})
      RETURNING (xmax = 0) AS inserted
    `.execute(trx);
    if (directory.rows.length === 0) {
      const holder = await trx
        .selectFrom('core.device_directory')
        .select('numero')
        .where('mid', '=', request.mid)
        .executeTakeFirst();
      if (holder?.numero === numero) {
        throw new DeviceRefusal(401, 'alreadyEnrolled', { mid: request.mid });
      }
      throw new DeviceRefusal(401, 'badToken');
    }

    const prj = projectDb(trx, project.schema_name);
    // The IMEI is unique in a project: a device reporting one that another device holds
    // enrols without it, and the operator settles it in the edit dialog.
    const imei = request.info?.imei || null;
    const imeiFree =
      imei !== null &&
      !(await prj
        .selectFrom('devices')
        .select('ID')
        .where('IMEI', '=', imei)
        .where('MID', '<>', request.mid)
        .executeTakeFirst());
    // The row already there, as ON CONFLICT names it (unqualified, "STATUS" is ambiguous).
    const current = sql.id('devices', 'STATUS');
    const device = await prj
      .insertInto('devices')
      .values({
        MID: request.mid,
        OWNER: request.owner,
        MODEL: request.model,
        DEVICE_TYPE: request.platform,
        EMAIL: request.email ?? null,
        USERNAME: request.username ?? null,
        IMEI: imeiFree ? imei : null,
        PIN: null,
        PIN2: null,
        DEVICEGROUP: null,
        SINCRONISMO: null,
        STATUS: ENROLLED_STATUS,
        LIC: null,
        IDAPPLICATION: null,
        IDUSER: null,
      })
      .onConflict((oc) =>
        oc.column('MID').doUpdateSet((eb) => ({
          MODEL: eb.ref('excluded.MODEL'),
          DEVICE_TYPE: eb.ref('excluded.DEVICE_TYPE'),
          // A device the console created (never provisioned) is provisioned by enrolling; a
          // status set by anything else (generating, a later provisioning value) is kept.
          STATUS: sql<number>`CASE WHEN ${current} IN (-1, 0) THEN ${ENROLLED_STATUS} ELSE ${current} END`,
        })),
      )
      .returning(['ID', 'LIC'])
      .executeTakeFirstOrThrow();
    // Enrolling takes a licence of the project while one is free (docs/decisions.md, "Licences
    // in use"); a device enrolled again keeps the one it holds.
    if (!device.LIC) await licenceIfFree(trx, prj, numero, device.ID);

    // Models are learnt from the devices that report them (the platforms screen lists them).
    await prj
      .insertInto('models')
      .columns(['MODEL', 'IDPLATFORM'])
      .expression((eb) =>
        eb
          .selectFrom('platforms')
          .select([eb.val(request.model).as('MODEL'), 'ID'])
          .where('PLATFORM', '=', request.platform),
      )
      .onConflict((oc) => oc.columns(['IDPLATFORM', 'MODEL']).doNothing())
      .execute();

    if (request.info) {
      await prj
        .insertInto('device_info')
        .values({
          MID: request.mid,
          INFO: JSON.stringify(request.info),
          LASTINFO: new Date(),
          LASTGPS: null,
        })
        .onConflict((oc) =>
          oc.column('MID').doUpdateSet((eb) => ({
            INFO: eb.ref('excluded.INFO'),
            LASTINFO: eb.ref('excluded.LASTINFO'),
          })),
        )
        .execute();
    }

    await kind?.after(trx, { numero, companyId: project.company_id, deviceId: device.ID });
    await writeServerLog(trx, {
      companyId: project.company_id,
      numero,
      mid: request.mid,
      level: 'info',
      event: 'device_enrolled',
      detail: { platform: request.platform, ...(!directory.rows[0].inserted && { again: true }) },
    });
    return {
      reenrolled: !directory.rows[0].inserted,
      response: {
        deviceId: device.ID,
        mid: request.mid,
        project: numero,
        credential,
        checkinInterval,
        socket: `${DEVICE_API}/socket`,
      },
    };
  });
}

/** Any socket still open with a re-enrolled device's earlier credential is closed, on whichever node. */
export async function closeEarlierSocket(bus: Bus, mid: string): Promise<void> {
  await bus.publish<DeviceConnectedEvent>(BusChannel.connected, {
    mid,
    node: bus.node,
    connection: 'reenrolled',
  });
}
