import { X509Certificate } from 'node:crypto';
import type { SessionUser } from '../auth';
import { languageOf } from '../messages';
import { secretBox } from '../secrets/box';
import type { OperationContext } from '../services/registry';
import { seenBy } from '../engine/hooks/certificates';
import { KeyError, openSigningKey, type SigningKey } from './keys';
import { frameworkFiles } from './store';
import { frameworksRefusal } from './texts';

export interface CompanyCertificate {
  id: number;
  name: string;
  plat: number;
  type: string;
  certname: string;
  teamid: string;
  expires_at: Date | null;
  file_key: string;
  sealed: string;
}

/** A certificate the company owns or that is shared with it, with its sealed parts. */
export async function companyCertificate(
  ctx: OperationContext,
  companyId: number,
  id: number,
): Promise<CompanyCertificate> {
  const row = await ctx.db
    .selectFrom('core.certificates as k')
    .select([
      'k.id',
      'k.name',
      'k.plat',
      'k.type',
      'k.certname',
      'k.teamid',
      'k.expires_at',
      'k.file_key',
      'k.sealed',
    ])
    .where('k.id', '=', id)
    .where(seenBy(companyId, 'k'))
    .executeTakeFirst();
  if (!row) throw frameworksRefusal(ctx.user, 'certificateNotFound', { id });
  return row as CompanyCertificate;
}

/**
 * The certificate opened with its passwords: an Android keystore's key of its alias, an Apple
 * p12's key (checked, its team id recorded by the generation). A certificate that does not open,
 * or has expired, is refused with the reason (texts.ts).
 */
export async function openCertificate(
  ctx: OperationContext,
  certificate: CompanyCertificate,
): Promise<SigningKey> {
  const user: SessionUser = ctx.user;
  const vars = { name: certificate.name, alias: certificate.certname };
  if (certificate.expires_at && new Date(certificate.expires_at).getTime() < Date.now()) {
    const date = new Date(certificate.expires_at).toLocaleDateString(
      languageOf(user.language) === 'es' ? 'es-ES' : 'en-GB',
    );
    throw frameworksRefusal(user, 'expired', { ...vars, date });
  }
  const box = secretBox(ctx.config, ctx.db);
  const opened = await frameworkFiles(ctx).get(certificate.file_key);
  if (!opened) throw frameworksRefusal(user, 'unreadable', vars);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  const bytes = await box.openBytes(Buffer.concat(chunks));
  const passwords = JSON.parse(await box.open(certificate.sealed)) as {
    keystorepwd: string;
    certpwd: string;
  };
  // A p12 has one password (certpwd); a keystore its store password and its key's.
  const store = certificate.type === 'p12' ? passwords.certpwd : passwords.keystorepwd;
  try {
    const key = openSigningKey(bytes, certificate.certname, store, passwords.certpwd);
    const expires = new Date(new X509Certificate(key.chain[0]).validTo);
    if (expires.getTime() < Date.now()) {
      const date = expires.toLocaleDateString(
        languageOf(user.language) === 'es' ? 'es-ES' : 'en-GB',
      );
      throw frameworksRefusal(user, 'expired', { ...vars, date });
    }
    return key;
  } catch (error) {
    if (error instanceof KeyError) throw frameworksRefusal(user, error.problem, vars);
    throw error;
  }
}
