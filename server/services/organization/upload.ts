import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_PLATFORM,
  CERTIFICATES,
} from '../../../protocol/resources/certificates';
import { recordAction } from '../../actions-log';
import { recordRevision } from '../../engine/revisions-write';
import { isUniqueViolation } from '../../db/errors';
import { fileStore } from '../../files/index';
import { recordParameter } from '../../resources/record-parameter';
import { secretBox } from '../../secrets/box';
import { defineOperation, type OperationContext } from '../registry';
import { companyOf } from './company-of';
import { inspectCertificate } from './keystore';
import { organizationRefusal } from './texts';

interface CertificateInput {
  name: string;
  type: 'keystore' | 'p12';
  certname?: string | null;
  teamid?: string | null;
  keystorepwd?: string | null;
  certpwd?: string | null;
  file: string;
  file_name: string;
}

const EXTENSIONS = { keystore: ['.jks', '.keystore'], p12: ['.p12', '.pfx'] };

/** Refuses what the certificate's type needs and lacks; answers its file's bytes and expiry. */
function checkCertificate(ctx: OperationContext, given: CertificateInput) {
  const refuse = (key: Parameters<typeof organizationRefusal>[1], vars = {}) =>
    organizationRefusal(ctx.user, key, vars);
  const extensions = EXTENSIONS[given.type];
  if (!extensions.some((ending) => given.file_name.toLowerCase().endsWith(ending))) {
    throw refuse('badFileName', { type: given.type, extensions: extensions.join(', ') });
  }
  const bytes = Buffer.from(given.file, 'base64');
  if (bytes.length === 0) throw refuse('noFile');
  if (bytes.length > CERTIFICATE_MAX_BYTES)
    throw refuse('tooLarge', { kb: CERTIFICATE_MAX_BYTES / 1024 });
  if (given.type === 'keystore') {
    if (!given.certname) throw refuse('aliasRequired');
    if (!given.keystorepwd) throw refuse('passwordRequired');
  } else {
    if (!given.teamid) throw refuse('teamRequired');
    if (!given.certpwd) throw refuse('passwordRequired');
  }
  const info = inspectCertificate(bytes, given.keystorepwd ?? '');
  if (!info || (given.type === 'p12' && info.format !== 'pkcs12')) {
    throw refuse(given.type === 'keystore' ? 'notKeystore' : 'notP12');
  }
  if (info.passwordMatches === false) throw refuse('wrongPassword');
  if (info.aliases && !info.aliases.includes(given.certname!.toLowerCase())) {
    throw refuse('aliasMissing', { alias: given.certname! });
  }
  return { bytes, expiresAt: info.expiresAt };
}

/**
 * `uploadCertificate` {name, type, certname?, teamid?, keystorepwd?, certpwd?, file (base64),
 * file_name}: a certificate of the caller's company. The console sends it as a multipart form
 * (server/organization/upload-route.ts), which reaches this operation. The file and the passwords
 * are sealed (server/secrets/box.ts); the answer, as every later one, carries only metadata.
 */
export const uploadCertificate = defineOperation({
  name: 'uploadCertificate',
  parameter: recordParameter(CERTIFICATES, 'create', {
    file: z.string().max(Math.ceil((CERTIFICATE_MAX_BYTES * 4) / 3) + 8),
    file_name: z.string().trim().min(1).max(255),
  }),
  permission: 'admin',
  async handler(parameter, ctx) {
    const given = parameter as unknown as CertificateInput;
    const companyId = companyOf(ctx.user);
    const { bytes, expiresAt } = checkCertificate(ctx, given);
    const box = secretBox(ctx.config, ctx.db);
    const store = fileStore(ctx.config, ctx.db);
    const key = `certificates/${companyId}/${randomUUID()}`;
    await store.put(key, await box.sealBytes(bytes));
    const sealed = await box.seal(
      JSON.stringify({
        keystorepwd: given.keystorepwd ?? '',
        certpwd: given.certpwd || given.keystorepwd || '',
      }),
    );
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('core.certificates')
          .values({
            company_id: companyId,
            name: given.name,
            type: given.type,
            plat: CERTIFICATE_PLATFORM[given.type],
            file_name: given.file_name,
            file_key: key,
            certname: given.type === 'keystore' ? given.certname! : '',
            teamid: given.teamid ?? '',
            sealed,
            expires_at: expiresAt,
            uploaded_by: ctx.user.id,
            uploaded_login: ctx.user.login,
          })
          .returning([
            'id',
            'name',
            'type',
            'plat',
            'certname',
            'teamid',
            'file_name',
            'expires_at',
            'version',
            'updated_at',
          ])
          .executeTakeFirstOrThrow();
        // Its revision, as the engine's create keeps one (the row's metadata, never a secret).
        await recordRevision(trx, ctx, {
          resource: 'certificates',
          record: row.id,
          change: 'create',
          before: null,
          after: row,
        });
        await recordAction(
          ctx,
          'certificate_uploaded',
          { name: row.name, id: row.id, type: row.type },
          trx,
        );
        return row;
      });
    } catch (error) {
      await store.delete(key).catch(() => false);
      if (isUniqueViolation(error, 'certificates_company_id_name_key')) {
        throw organizationRefusal(ctx.user, 'certificateTaken', { name: given.name });
      }
      throw error;
    }
  },
});
