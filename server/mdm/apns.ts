import crypto from 'node:crypto';
import { z } from 'zod';
import { APNS_MAX_BYTES, APNS_TOPIC_PREFIX } from '../../protocol/mdm/apns';
import { engineDb } from '../engine/rows';
import { languageOf } from '../messages';
import { defineOperation, type OperationContext } from '../services/registry';
import { organizationOf, saveOrganization } from './organization-write';
import { mdmTexts, readerOf } from './texts';

/**
 * The Apple push certificate of `/app/mdmiosconfig` (docs/mdm.md, "iOS and Windows settings"):
 * read with Node's X.509 parser (crypto.X509Certificate, OpenSSL's), its topic the subject's UID
 * (0.9.2342.19200300.100.1.1), stored on the company's iOS organization, which is then `bound`.
 */

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

export interface ApnsCertificate {
  pem: string;
  subject: string;
  topic: string | null;
  expiry: Date;
}

/** The certificate in a file's bytes (PEM text or DER), or why it is not one. */
export function readCertificate(bytes: Buffer): ApnsCertificate | 'pkcs12' | 'notCertificate' {
  const text = bytes.toString('latin1');
  const pem = PEM.exec(text)?.[0];
  let certificate: crypto.X509Certificate;
  try {
    certificate = new crypto.X509Certificate(pem ?? bytes);
  } catch {
    // A PKCS#12 file is a DER SEQUENCE whose first element is the version 3.
    const pkcs12 = !pem && bytes[0] === 0x30 && bytes.includes(Buffer.from([0x02, 0x01, 0x03]));
    return pkcs12 ? 'pkcs12' : 'notCertificate';
  }
  const lines = certificate.subject.split('\n');
  const uid = lines.find((line) => line.startsWith('UID='))?.slice(4) ?? null;
  return {
    pem: certificate.toString(),
    subject: lines.join(', '),
    topic: uid,
    expiry: new Date(certificate.validTo),
  };
}

const dateIn = (ctx: OperationContext, date: Date) =>
  date.toLocaleDateString(languageOf(ctx.language ?? ctx.user.language), { dateStyle: 'long' });

/**
 * `mdmApnsUpload {file}` (the file's bytes in base64): refuses what is not an Apple MDM push
 * certificate — not a certificate, a PKCS#12 bundle, no `com.apple.mgmt.` topic, expired, or a
 * renewal with another topic while iOS devices are enrolled with the old one — and stores it.
 */
export const mdmApnsUpload = defineOperation({
  name: 'mdmApnsUpload',
  parameter: z.object({ file: z.base64().max(Math.ceil(APNS_MAX_BYTES / 3) * 4) }),
  permission: 'admin',
  async handler({ file }, ctx) {
    const reader = readerOf(ctx);
    const read = readCertificate(Buffer.from(file, 'base64'));
    if (read === 'pkcs12' || read === 'notCertificate') throw mdmTexts.refusal(reader, read);
    if (!read.topic?.startsWith(APNS_TOPIC_PREFIX)) {
      throw mdmTexts.refusal(reader, 'notApns', { subject: read.subject });
    }
    if (read.expiry.getTime() <= Date.now()) {
      throw mdmTexts.refusal(reader, 'expired', { date: dateIn(ctx, read.expiry) });
    }
    const company = ctx.user.companyId ?? -1;
    return ctx.db.transaction().execute(async (trx) => {
      const before = await organizationOf(trx, company, 'ios');
      const stored = before?.apnsTopic as string | null | undefined;
      if (stored && stored !== read.topic) {
        const enrolled = await engineDb(trx)
          .selectFrom('core.mdm_devices')
          .select('id')
          .where('company_id', '=', company)
          .where('platform', '=', 'ios')
          .where('state', '!=', 'refused')
          .limit(1)
          .executeTakeFirst();
        if (enrolled)
          throw mdmTexts.refusal(reader, 'otherTopic', { topic: String(read.topic), stored });
      }
      return saveOrganization(trx, ctx, 'ios', before, {
        state: 'bound',
        apnsCertificate: read.pem,
        apnsSubject: read.subject,
        apnsTopic: read.topic,
        apnsExpiry: read.expiry,
      });
    });
  },
});
