import { sql } from 'kysely';
import { z } from 'zod';
import { logAction } from '../../actions-log';
import { midSchema } from '../devices/fields';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { firstOf } from '../area-texts';
import { defineOperation, type OperationContext } from '../registry';
import { MAX_RECIPIENTS, sendToEach, sortRecipients } from './recipients';
import { remoteRefusal } from './texts';

/** 001 §8, kept exactly as the specification writes it (its failure is remote/texts.ts's mailFailed). */
export const MAIL_SENT = 'EMail enviado OK';

/** A subject is one line: line breaks become spaces, so it can never add a header. */
const subjectSchema = z
  .string()
  .max(200)
  .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
  .pipe(z.string().min(1, 'the subject is empty'));
const messageSchema = z.string().trim().min(1, 'the message is empty').max(100_000);

const deviceRef = z.union([midSchema, z.object({ MID: midSchema }).transform((row) => row.MID)]);

export interface MailResult {
  message: typeof MAIL_SENT;
  sent: number;
  /** Addresses skipped because they fail the e-mail pattern. */
  skipped: string[];
  /** Devices with no e-mail address (admemail only). */
  withoutEmail?: string[];
}

async function send(
  ctx: OperationContext,
  operation: string,
  addresses: Iterable<string>,
  subject: string,
  text: string,
  database: number | null,
): Promise<MailResult> {
  const { valid, skipped } = sortRecipients(addresses);
  if (valid.length === 0) throw remoteRefusal(ctx.user, 'noValidRecipient');
  const failed = await sendToEach(ctx, valid, subject, text);
  await logAction(ctx.db, {
    companyId: ctx.user.companyId,
    userId: ctx.user.id,
    login: ctx.user.login,
    action: 'mail',
    detail: { operation, database, sent: valid.length - failed, failed, skipped: skipped.length },
  });
  if (failed > 0) {
    ctx.log.warn({ operation, failed, total: valid.length }, 'mail not sent to every recipient');
    throw remoteRefusal(ctx.user, 'mailFailed');
  }
  return { message: MAIL_SENT, sent: valid.length, skipped };
}

/** `admemail` {database, subject, message, devices: [MID]}: mail to those devices' EMAIL. */
export const admemail = defineProjectOperation({
  name: 'admemail',
  parameter: z.object({
    database: databaseSchema,
    subject: subjectSchema,
    message: messageSchema,
    devices: z.array(deviceRef).min(1).max(MAX_RECIPIENTS),
  }),
  node: 'devices.sendemail',
  mode: 'write',
  async handler({ subject, message, devices }, ctx, project) {
    const mids = [...new Set(devices)];
    const rows = await project
      .db()
      .selectFrom('devices')
      .select(['MID', 'EMAIL'])
      .where('MID', 'in', mids)
      .execute();
    if (rows.length !== mids.length) {
      const known = new Set(rows.map((row) => row.MID));
      const missing = mids.filter((mid) => !known.has(mid));
      const vars = { project: project.name, mids: firstOf(missing) };
      throw remoteRefusal(ctx.user, 'unknownDevices', vars);
    }
    const withoutEmail = rows.filter((row) => !row.EMAIL?.trim()).map((row) => row.MID);
    const addresses = rows.flatMap((row) => (row.EMAIL?.trim() ? [row.EMAIL] : []));
    const result = await send(ctx, 'admemail', addresses, subject, message, project.numero);
    return { ...result, withoutEmail };
  },
});

/** `admemailall` {database, subject, message}: mail to every device of the project with an e-mail. */
export const admemailall = defineProjectOperation({
  name: 'admemailall',
  parameter: z.object({ database: databaseSchema, subject: subjectSchema, message: messageSchema }),
  node: 'devices.sendemail',
  mode: 'write',
  async handler({ subject, message }, ctx, project) {
    // One row per address whatever its case, and never more than one past the limit.
    const rows = await project
      .db()
      .selectFrom('devices')
      .select(sql<string>`min(btrim("EMAIL"))`.as('EMAIL'))
      .where(sql<boolean>`btrim(coalesce("EMAIL", '')) <> ''`)
      .groupBy(sql`lower(btrim("EMAIL"))`)
      .limit(MAX_RECIPIENTS + 1)
      .execute();
    if (rows.length > MAX_RECIPIENTS) {
      throw remoteRefusal(ctx.user, 'tooManyRecipients', { max: MAX_RECIPIENTS });
    }
    return send(
      ctx,
      'admemailall',
      rows.map((row) => row.EMAIL),
      subject,
      message,
      project.numero,
    );
  },
});

/**
 * `send e-mail` {msg, sbj, lstEmails} (001 §7 sendMailToUsers): mail to any list of addresses,
 * which is why only administrators may use it.
 */
export const sendEmail = defineOperation({
  name: 'send e-mail',
  parameter: z.object({
    msg: messageSchema,
    sbj: subjectSchema,
    lstEmails: z.array(z.string().max(320)).min(1).max(MAX_RECIPIENTS),
  }),
  permission: 'admin',
  async handler({ msg, sbj, lstEmails }, ctx) {
    return send(ctx, 'send e-mail', lstEmails, sbj, msg, null);
  },
});
