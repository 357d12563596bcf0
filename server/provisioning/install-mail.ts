import { PRODUCT } from '../../protocol/product';
import { ProvisionResult, type ProvisionDeviceResult } from '../../protocol/provisioning';
import { createEnrolmentToken } from '../device/tokens';
import { sendMail } from '../mail';
import { languageOf } from '../messages';
import { MAX_RECIPIENTS, isEmail } from '../services/remote/recipients';
import type { ProjectAccess } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { provisionRefusal, provisionText } from './texts';

/** Days an install link stays valid. */
export const INSTALL_LINK_DAYS = 30;

/**
 * provSendMailInstall (000 §7): mails each device's EMAIL the link that installs and enrols the
 * app (docs/device-protocol.md "Enrolment tokens"): a token of its own, for one device, valid
 * INSTALL_LINK_DAYS days, created without rotating the project's others. `mids` null: every
 * device of the project with an address ("send install mail to all"). Devices without a valid
 * address are answered in `withoutEmail` and STATUS 0; those mailed STATUS 2.
 */
export async function sendInstallMail(
  ctx: OperationContext,
  project: ProjectAccess,
  mids: string[] | null,
) {
  let query = project.db().selectFrom('devices').select(['MID', 'EMAIL', 'OWNER']);
  query = mids ? query.where('MID', 'in', mids) : query.where('EMAIL', 'is not', null);
  const rows = await query
    .orderBy('MID')
    .limit(MAX_RECIPIENTS + 1)
    .execute();
  const withEmail = rows.filter((row) => row.EMAIL && isEmail(row.EMAIL.trim()));
  if (withEmail.length === 0) throw provisionRefusal(ctx.user, 'noValidRecipient');
  const language = languageOf(ctx.user.language);
  const expiresAt = new Date(Date.now() + INSTALL_LINK_DAYS * 86_400_000);
  const devices: ProvisionDeviceResult[] = [];
  let failed = 0;
  for (const row of rows.slice(0, MAX_RECIPIENTS)) {
    const sendable = withEmail.includes(row);
    if (sendable) {
      const token = await createEnrolmentToken(ctx.db, ctx.config.PUBLIC_URL, {
        numero: project.numero,
        createdBy: ctx.user.id,
        maxUses: 1,
        expiresAt,
        rotate: false,
      });
      const vars = {
        product: PRODUCT,
        owner: row.OWNER ?? row.MID,
        project: project.name,
        days: INSTALL_LINK_DAYS,
        url: token.url,
        server: ctx.config.PUBLIC_URL,
      };
      try {
        await sendMail(ctx, {
          to: row.EMAIL!.trim(),
          subject: provisionText(language, 'installSubject', vars),
          text: provisionText(language, 'installText', vars),
        });
      } catch {
        failed++;
      }
    }
    devices.push({
      MID: row.MID,
      STATUS: sendable ? ProvisionResult.nothingPending : ProvisionResult.notStarted,
      task: null,
    });
  }
  if (failed > 0) throw provisionRefusal(ctx.user, 'mailFailed');
  const withoutEmail = devices
    .filter((device) => device.STATUS !== ProvisionResult.nothingPending)
    .map((device) => device.MID);
  return { devices, sent: withEmail.length, withoutEmail };
}
