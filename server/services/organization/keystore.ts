import crypto from 'node:crypto';

/** What the server can tell of an uploaded certificate file without keeping its secrets. */
export interface CertificateFileInfo {
  format: 'jks' | 'pkcs12';
  /** The aliases of a JKS keystore (lower-cased, as keytool keeps them); null for PKCS#12. */
  aliases: string[] | null;
  /** The earliest end of validity of its certificates, when they can be read. */
  expiresAt: Date | null;
  /** Whether the keystore password opens it; null when the format does not tell. */
  passwordMatches: boolean | null;
}

const JKS_MAGIC = 0xfeedfeed;
const JCEKS_MAGIC = 0xcececece;

class Reader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}
  int() {
    const value = this.bytes.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  skip(count: number) {
    if (this.offset + count > this.bytes.length) throw new RangeError('past the end');
    this.offset += count;
  }
  utf() {
    const length = this.bytes.readUInt16BE(this.offset);
    this.offset += 2;
    const text = this.bytes.subarray(this.offset, this.offset + length).toString('utf8');
    this.skip(length);
    return text;
  }
  block() {
    const length = this.int();
    const start = this.offset;
    this.skip(length);
    return this.bytes.subarray(start, start + length);
  }
}

/** A certificate's end of validity, or null when its bytes are not an X.509 certificate. */
function validTo(der: Buffer): Date | null {
  try {
    return new Date(new crypto.X509Certificate(der).validTo);
  } catch {
    return null;
  }
}

/** Java's keystore integrity check: SHA-1 of the password (UTF-16BE), a phrase and the body. */
function jksPasswordMatches(bytes: Buffer, end: number, password: string): boolean {
  const digest = crypto
    .createHash('sha1')
    .update(Buffer.from(password, 'utf16le').swap16())
    .update('Mighty Aphrodite', 'utf8')
    .update(bytes.subarray(0, end))
    .digest();
  const stored = bytes.subarray(end, end + 20);
  return stored.length === 20 && crypto.timingSafeEqual(digest, stored);
}

/** Reads a JKS or JCEKS keystore's entries (Java's format: aliases and certificates in clear). */
function readJks(bytes: Buffer, password: string): CertificateFileInfo {
  const reader = new Reader(bytes);
  reader.int();
  const version = reader.int();
  const count = reader.int();
  if (count > 10_000) throw new RangeError('too many entries');
  const aliases: string[] = [];
  const ends: Date[] = [];
  const certificate = () => {
    if (version === 2) reader.utf();
    const end = validTo(reader.block());
    if (end) ends.push(end);
  };
  for (let i = 0; i < count; i++) {
    const tag = reader.int();
    aliases.push(reader.utf().toLowerCase());
    reader.skip(8);
    if (tag === 1) {
      reader.block();
      const chain = reader.int();
      for (let c = 0; c < chain; c++) certificate();
    } else if (tag === 2) {
      certificate();
    } else {
      // A JCEKS secret key is a serialized Java object: its length is not written.
      return { format: 'jks', aliases: null, expiresAt: null, passwordMatches: null };
    }
  }
  const expiresAt = ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
  return {
    format: 'jks',
    aliases,
    expiresAt,
    passwordMatches: jksPasswordMatches(bytes, reader.offset, password),
  };
}

/**
 * What a certificate file is: a JKS/JCEKS keystore (read), a PKCS#12 file (a DER sequence: its
 * contents are encrypted, so only its shape is checked), or null for anything else.
 */
export function inspectCertificate(bytes: Buffer, password: string): CertificateFileInfo | null {
  if (bytes.length < 16) return null;
  const magic = bytes.readUInt32BE(0);
  if (magic === JKS_MAGIC || magic === JCEKS_MAGIC) {
    try {
      return readJks(bytes, password);
    } catch {
      return null;
    }
  }
  // PKCS#12: SEQUENCE with a long-form length, whose first element is INTEGER 3 (the version).
  const lengthBytes = bytes[1] & 0x7f;
  const versionAt = 2 + (bytes[1] & 0x80 ? lengthBytes : 0);
  if (bytes[0] === 0x30 && bytes[versionAt] === 0x02 && bytes[versionAt + 2] === 0x03) {
    return { format: 'pkcs12', aliases: null, expiresAt: null, passwordMatches: null };
  }
  return null;
}
