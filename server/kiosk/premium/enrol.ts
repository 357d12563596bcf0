import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { enrolRequestSchema } from '../../../protocol/device-protocol';
import { okResponse } from '../../../protocol/envelope';
import { KIOSK_ENROL_PATH } from '../../../protocol/kiosk-premium';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { QUEUE_EXPIRY_HOURS } from '../../../protocol/commands';
import { busOf } from '../../bus/index';
import { insertCommands } from '../../commands/store';
import { projectSchemaName } from '../../db/projects';
import { closeEarlierSocket, enrolDevice } from '../../device/enrol';
import { DeviceRefusal, parseBody, refusing } from '../../device/refusal';
import { parseDeviceAuthorization } from '../../device/secrets';
import { CONFIG_LINK_SECONDS, deviceConfigLink, linkIsValid, signLink } from '../signed-link';

/** What a kiosk device sends when it enrols by its profile's QR: the enrolment without a token. */
export const kioskEnrolSchema = enrolRequestSchema.omit({ token: true, platform: true });

/** The subject a kiosk enrolment link signs: the company, the profile and the project. */
const subjectOf = (company: number, profile: number, project: number) =>
  `enrol/${company}/${profile}/${project}`;

/**
 * The link a profile's QR carries in its admin extras (`enrolUrl`, docs/kiosk.md): the kiosk
 * agent posts its enrolment there once the device is provisioned. Signed like the kiosk's other
 * device links; valid as long as the QR's configuration link (30 days).
 */
export async function kioskEnrolLink(
  config: Config,
  db: Db,
  company: number,
  profile: number,
  project: number,
): Promise<string> {
  const query = await signLink(
    config,
    db,
    subjectOf(company, profile, project),
    CONFIG_LINK_SECONDS,
  );
  return `${config.PUBLIC_URL}${KIOSK_ENROL_PATH}/${company}/${profile}/${project}?${query}`;
}

const pathParams = z.object({
  company: z.coerce.number().int().positive(),
  profile: z.coerce.number().int().positive(),
  project: z.coerce.number().int().positive(),
});

/**
 * The device's activation into the profile (002 §4 "Device to profile"), queued for its next
 * connection in the enrolment's transaction: `policy` from no profile (a first activation, or the
 * same profile again after a reset), `change-policy` with the old profile from another one.
 */
async function queuePolicy(
  trx: Db,
  { project, mid, profile, old }: { project: number; mid: string; profile: number; old: number },
) {
  const moved = old !== 0 && old !== profile;
  await insertCommands(trx, {
    numero: project,
    schema: projectSchemaName(project),
    cmd: moved ? 'change-policy' : 'policy',
    params: { policy: moved ? { profile, oldprofile: old } : { profile } },
    mids: [mid],
    sender: { id: null, login: null, language: null },
    source: 'mdm',
    expiresAt: new Date(Date.now() + QUEUE_EXPIRY_HOURS.default * 3_600_000),
    queueOnly: true,
  });
}

/** The profile, when it is the company's and is not disabled. */
async function activeProfile(db: Db, company: number, profile: number) {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM core.kiosk_profiles
    WHERE id = ${profile} AND company_id = ${company} AND NOT "Disabled"`.execute(db);
  return rows.length > 0;
}

/**
 * `POST /api/device/v1/kiosk/enrol/<company>/<profile>/<project>?expires=…&signature=…`: a
 * device that scanned a premium profile's QR enrols into the project the QR names (as
 * /api/device/v1/enrol does with a token: directory entry, credential, project row, licence) and
 * becomes a kiosk device of the profile (`kiosk-devices`, created or moved), in one transaction.
 * The answer is the device API's enrolment with `profile` and the `configUrl` of its kiosk
 * configuration, and a `policy` command waits for the device's first connection (change-policy
 * when it came from another profile). A device enrolled before enrols again only with its current
 * credential, and the socket of its earlier enrolment is closed.
 */
export function registerKioskEnrol(
  app: FastifyInstance,
  { config, db }: { config: Config; db: Db },
) {
  app.post(
    `${KIOSK_ENROL_PATH}/:company/:profile/:project`,
    refusing(async (request) => {
      const params = pathParams.safeParse(request.params);
      const query = (request.query ?? {}) as { expires?: unknown; signature?: unknown };
      if (
        !params.success ||
        !(await linkIsValid(
          config,
          db,
          subjectOf(params.data.company, params.data.profile, params.data.project),
          query.expires,
          query.signature,
        ))
      ) {
        throw new DeviceRefusal(403, 'kioskBadLink');
      }
      const { company, profile, project } = params.data;
      const body = parseBody(kioskEnrolSchema, request);
      if (!(await activeProfile(db, company, profile))) {
        throw new DeviceRefusal(410, 'kioskProfileGone');
      }
      const current = parseDeviceAuthorization(request.headers.authorization);
      let old = 0;
      const enrolment = await enrolDevice(
        db,
        // The link stands for the token: it was checked above and names the project.
        { ...body, platform: 'ANDROID', token: 'kiosk-profile-qr-link' },
        config.DEVICE_CHECKIN_SECONDS,
        current,
        {
          async consume(trx) {
            // The project's row first, as an MDM enrolment takes it (server/mdm/device-routes.ts):
            // two devices enrolling by the link at once otherwise deadlock on the licences.
            await sql`SELECT numero FROM core.projects WHERE numero = ${project} FOR UPDATE`.execute(
              trx,
            );
            return project;
          },
          async after(trx, admitted) {
            // A link of one company never enrols into another company's project.
            if (admitted.companyId !== company) throw new DeviceRefusal(403, 'kioskBadLink');
            const before = await sql<{ Idprofile: string | null }>`
              SELECT "Idprofile" FROM core.kiosk_devices
              WHERE company_id = ${company} AND "Guid" = ${body.mid} FOR UPDATE`.execute(trx);
            old = Number(before.rows[0]?.Idprofile ?? 0);
            await sql`
              INSERT INTO core.kiosk_devices AS k (company_id, "Guid", "Database", "Idprofile", "Imei1")
              VALUES (${company}, ${body.mid}, ${project}, ${profile}, ${body.info?.imei ?? null})
              ON CONFLICT (company_id, "Guid") DO UPDATE SET
                "Database" = EXCLUDED."Database", "Idprofile" = EXCLUDED."Idprofile",
                "Imei1" = COALESCE(EXCLUDED."Imei1", k."Imei1"),
                version = k.version + 1, updated_at = now()`.execute(trx);
            await queuePolicy(trx, { project, mid: body.mid, profile, old });
          },
        },
      );
      // The socket of the device's earlier enrolment is closed, on whichever node holds it.
      const bus = busOf(db);
      if (enrolment.reenrolled && bus) await closeEarlierSocket(bus, body.mid);
      return okResponse({
        ...enrolment.response,
        profile,
        configUrl: await deviceConfigLink(config, db, company),
      });
    }),
  );
}
