import crypto from 'node:crypto';
import { child, children, der, nullDer, octets, oid, readDer, seq, set, smallInt } from './der';
import type { SigningKey } from './keys';

/** The JAR signature's files, beside the archive's own (META-INF/). */
export const MANIFEST = 'META-INF/MANIFEST.MF';

const CRLF = '\r\n';

/** A manifest attribute, wrapped at 72 bytes with continuation lines (the JAR rules). */
function attribute(name: string, value: string): string {
  const line = Buffer.from(`${name}: ${value}`, 'utf8');
  const parts: string[] = [line.subarray(0, 72).toString('utf8')];
  for (let at = 72; at < line.length; at += 71) {
    parts.push(' ' + line.subarray(at, at + 71).toString('utf8'));
  }
  return parts.join(CRLF) + CRLF;
}

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('base64');

/** The signature block's file extension for the key's algorithm. */
function blockExtension(signing: SigningKey): 'RSA' | 'EC' {
  return signing.privateKey.asymmetricKeyType === 'ec' ? 'EC' : 'RSA';
}

/** The issuer Name and serial INTEGER of a DER certificate, as they are written. */
function issuerAndSerial(certificate: Buffer): Buffer {
  const tbs = child(readDer(certificate), 0);
  const parts = children(tbs);
  const start = parts[0].tag === 0xa0 ? 1 : 0;
  return seq(parts[start + 2].raw, parts[start].raw);
}

/** A detached PKCS#7 SignedData over `content` (the .SF file), as jarsigner writes it. */
function signatureBlock(signing: SigningKey, content: Buffer): Buffer {
  const ec = blockExtension(signing) === 'EC';
  const signature = crypto.sign('sha256', content, signing.privateKey);
  const digestAlgorithm = seq(oid('2.16.840.1.101.3.4.2.1'), nullDer());
  const signatureAlgorithm = ec
    ? seq(oid('1.2.840.10045.4.3.2'))
    : seq(oid('1.2.840.113549.1.1.1'), nullDer());
  const signerInfo = seq(
    smallInt(1),
    issuerAndSerial(signing.chain[0]),
    digestAlgorithm,
    signatureAlgorithm,
    octets(signature),
  );
  const signedData = seq(
    smallInt(1),
    set(digestAlgorithm),
    seq(oid('1.2.840.113549.1.7.1')),
    der(0xa0, ...signing.chain),
    set(signerInfo),
  );
  return seq(oid('1.2.840.113549.1.7.2'), der(0xa0, signedData));
}

/**
 * Signs an archive's entries the JAR v1 way (Android's APK signature scheme v1): META-INF/
 * MANIFEST.MF with each entry's SHA-256, CERT.SF with the manifest's and each section's, and
 * CERT.RSA (or .EC), a PKCS#7 SignedData of CERT.SF with the signer's chain. Answers the entries
 * with those three added (any earlier signature files dropped).
 */
export function signJar(
  entries: Record<string, Uint8Array>,
  signing: SigningKey,
  createdBy = 'Flota',
): Record<string, Uint8Array> {
  const files = Object.keys(entries)
    .filter((name) => !name.endsWith('/'))
    .filter((name) => !/^META-INF\/(MANIFEST\.MF|[^/]+\.(SF|RSA|DSA|EC))$/i.test(name))
    .sort();
  const head = attribute('Manifest-Version', '1.0') + attribute('Created-By', createdBy) + CRLF;
  const sections = files.map(
    (name) =>
      attribute('Name', name) +
      attribute('SHA-256-Digest', sha256(Buffer.from(entries[name]))) +
      CRLF,
  );
  const manifest = head + sections.join('');
  const sf =
    attribute('Signature-Version', '1.0') +
    attribute('SHA-256-Digest-Manifest-Main-Attributes', sha256(head)) +
    attribute('SHA-256-Digest-Manifest', sha256(manifest)) +
    attribute('Created-By', createdBy) +
    CRLF +
    files
      .map(
        (name, i) =>
          attribute('Name', name) + attribute('SHA-256-Digest', sha256(sections[i])) + CRLF,
      )
      .join('');
  const signed: Record<string, Uint8Array> = {};
  for (const name of files) signed[name] = entries[name];
  const sfBytes = Buffer.from(sf, 'utf8');
  signed[MANIFEST] = Buffer.from(manifest, 'utf8');
  signed['META-INF/CERT.SF'] = sfBytes;
  signed[`META-INF/CERT.${blockExtension(signing)}`] = signatureBlock(signing, sfBytes);
  return signed;
}
