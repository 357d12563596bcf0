import { z } from 'zod';
import { logAction } from '../../actions-log';
import { createEnrolmentToken } from '../../device/tokens';
import { databaseSchema, defineProjectOperation } from '../projects/access';

const DAY_MS = 86_400_000;

/**
 * Creates the project's enrolment token, the text of the QR code that enrols devices
 * (docs/device-protocol.md). By default it rotates: the project's earlier tokens stop working,
 * while devices already enrolled keep their credentials. The token is shown once.
 */
export const enrolmentToken = defineProjectOperation({
  name: 'enrolmentToken',
  parameter: z.object({
    database: databaseSchema,
    /** Devices that may enrol with it; null or absent for any number. */
    uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    /** Days it stays valid; null for no expiry. */
    days: z.number().int().min(1).max(3650).nullable().default(30),
    rotate: z.boolean().default(true),
  }),
  node: 'devices.add',
  mode: 'write',
  async handler({ uses, days, rotate }, { db, config, user }, project) {
    const token = await db.transaction().execute((trx) =>
      createEnrolmentToken(trx, config.PUBLIC_URL, {
        numero: project.numero,
        createdBy: user.id,
        maxUses: uses,
        expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS),
        rotate,
      }),
    );
    await logAction(db, {
      companyId: user.companyId,
      userId: user.id,
      login: user.login,
      action: 'enrolment_token_created',
      detail: { project: project.numero, uses, days, rotate },
    });
    return {
      database: project.numero,
      token: token.token,
      url: token.url,
      server: config.PUBLIC_URL,
      uses: token.maxUses,
      expiresAt: token.expiresAt,
    };
  },
});
