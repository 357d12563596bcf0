import crypto, { type KeyObject } from 'node:crypto';
import { child, children, DerError, intValue, oidText, readDer, type DerNode } from './der';

/** A signing key and its certificate chain (the signer's certificate first), as DER. */
export interface SigningKey {
  privateKey: KeyObject;
  chain: Buffer[];
}

/** Why a certificate file gave no key: each is a refusal the person can act on (texts.ts). */
export type KeyProblem = 'wrongPassword' | 'aliasMissing' | 'unsupported' | 'unreadable' | 'noKey';

export class KeyError extends Error {
  constructor(readonly problem: KeyProblem) {
    super(problem);
  }
}

const JKS_MAGIC = 0xfeedfeed;
const SUN_KEY_PROTECTION = '1.3.6.1.4.1.42.2.17.1.1';

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

/**
 * Sun's key protection of a JKS private key (a SHA-1 keystream over the password), checked by
 * its digest: answers the PKCS#8 key, or null when the password does not open it.
 */
function openSunKey(encryptedInfo: Buffer, password: string): Buffer | null {
  const info = readDer(encryptedInfo);
  if (oidText(child(child(info, 0), 0)) !== SUN_KEY_PROTECTION) throw new KeyError('unsupported');
  const protectedKey = child(info, 1, 0x04).value;
  const salt = protectedKey.subarray(0, 20);
  const encrypted = protectedKey.subarray(20, protectedKey.length - 20);
  const check = protectedKey.subarray(protectedKey.length - 20);
  const pass = utf16be(password);
  const plain = Buffer.alloc(encrypted.length);
  let digest: Buffer = salt;
  for (let done = 0; done < encrypted.length; done += 20) {
    digest = crypto.createHash('sha1').update(pass).update(digest).digest();
    for (let i = 0; i < 20 && done + i < encrypted.length; i++) {
      plain[done + i] = encrypted[done + i] ^ digest[i];
    }
  }
  const expected = crypto.createHash('sha1').update(pass).update(plain).digest();
  return crypto.timingSafeEqual(expected, check) ? plain : null;
}

/** The key entry of `alias` in a JKS keystore (the store's password checked first). */
function openJks(bytes: Buffer, alias: string, storePassword: string, keyPassword: string) {
  let offset = 8;
  const int = () => {
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  const utf = () => {
    const length = bytes.readUInt16BE(offset);
    const text = bytes.subarray(offset + 2, offset + 2 + length).toString('utf8');
    offset += 2 + length;
    return text;
  };
  const block = () => {
    const length = int();
    const value = bytes.subarray(offset, offset + length);
    if (value.length !== length) throw new DerError('truncated');
    offset += length;
    return value;
  };
  const count = int();
  let found: SigningKey | null = null;
  let wrongKeyPassword = false;
  for (let i = 0; i < count; i++) {
    const tag = int();
    const name = utf();
    offset += 8;
    if (tag === 1) {
      const encrypted = block();
      const chain: Buffer[] = [];
      const certificates = int();
      for (let c = 0; c < certificates; c++) {
        utf();
        chain.push(Buffer.from(block()));
      }
      if (name.toLowerCase() === alias.toLowerCase()) {
        const plain = openSunKey(encrypted, keyPassword);
        if (plain)
          found = {
            privateKey: crypto.createPrivateKey({ key: plain, format: 'der', type: 'pkcs8' }),
            chain,
          };
        else wrongKeyPassword = true;
      }
    } else if (tag === 2) {
      utf();
      block();
    } else {
      throw new KeyError('unsupported');
    }
  }
  const digest = crypto
    .createHash('sha1')
    .update(utf16be(storePassword))
    .update('Mighty Aphrodite', 'utf8')
    .update(bytes.subarray(0, offset))
    .digest();
  const stored = bytes.subarray(offset, offset + 20);
  if (stored.length !== 20 || !crypto.timingSafeEqual(digest, stored)) {
    throw new KeyError('wrongPassword');
  }
  if (wrongKeyPassword) throw new KeyError('wrongPassword');
  if (!found) throw new KeyError('aliasMissing');
  return found;
}

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const HMACS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};
const CIPHERS: Record<string, string> = {
  '2.16.840.1.101.3.4.1.2': 'aes-128-cbc',
  '2.16.840.1.101.3.4.1.22': 'aes-192-cbc',
  '2.16.840.1.101.3.4.1.42': 'aes-256-cbc',
  '1.2.840.113549.3.7': 'des-ede3-cbc',
};

/** RFC 7292 B.2: the PKCS#12 key derivation, for its MAC and its older encryption. */
function pkcs12Kdf(
  hash: string,
  password: string,
  salt: Buffer,
  iterations: number,
  id: number,
  size: number,
): Buffer {
  const u = crypto.createHash(hash).digest().length;
  const v = hash === 'sha384' || hash === 'sha512' ? 128 : 64;
  const pass = password ? Buffer.concat([utf16be(password), Buffer.alloc(2)]) : Buffer.alloc(0);
  const fill = (data: Buffer) => {
    const length = v * Math.ceil(data.length / v);
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i++) out[i] = data[i % data.length];
    return out;
  };
  const I = Buffer.concat([
    salt.length ? fill(salt) : Buffer.alloc(0),
    pass.length ? fill(pass) : Buffer.alloc(0),
  ]);
  const D = Buffer.alloc(v, id);
  const out: Buffer[] = [];
  for (let made = 0; made < size; made += u) {
    let A = crypto.createHash(hash).update(D).update(I).digest();
    for (let r = 1; r < iterations; r++) A = crypto.createHash(hash).update(A).digest();
    out.push(A);
    const B = fill(A).subarray(0, v);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k] + B[k] + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, size);
}

function decipher(name: string, key: Buffer, iv: Buffer, data: Buffer): Buffer {
  try {
    const d = crypto.createDecipheriv(name, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  } catch {
    throw new KeyError('wrongPassword');
  }
}

/** Decrypts data encrypted by a PKCS#5 PBES2 or a PKCS#12 3DES algorithm. */
function decrypt(algorithm: DerNode, data: Buffer, password: string): Buffer {
  const id = oidText(child(algorithm, 0));
  if (id === '1.2.840.113549.1.5.13') {
    const params = child(algorithm, 1);
    const kdf = child(params, 0);
    if (oidText(child(kdf, 0)) !== '1.2.840.113549.1.5.12') throw new KeyError('unsupported');
    const kdfParams = children(child(kdf, 1));
    const salt = kdfParams[0].value;
    const iterations = intValue(kdfParams[1]);
    const prfNode = kdfParams.find((node) => node.tag === 0x30);
    const prf = prfNode ? HMACS[oidText(child(prfNode, 0))] : 'sha1';
    const scheme = child(params, 1);
    const cipher = CIPHERS[oidText(child(scheme, 0))];
    if (!prf || !cipher) throw new KeyError('unsupported');
    const keyLength = crypto.getCipherInfo(cipher)!.keyLength;
    const key = crypto.pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, keyLength, prf);
    return decipher(cipher, key, child(scheme, 1, 0x04).value, data);
  }
  if (id === '1.2.840.113549.1.12.1.3') {
    const params = child(algorithm, 1);
    const salt = child(params, 0).value;
    const iterations = intValue(child(params, 1));
    const key = pkcs12Kdf('sha1', password, salt, iterations, 1, 24);
    const iv = pkcs12Kdf('sha1', password, salt, iterations, 2, 8);
    return decipher('des-ede3-cbc', key, iv, data);
  }
  throw new KeyError('unsupported');
}

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_ENCRYPTED_DATA = '1.2.840.113549.1.7.6';
const OID_KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const OID_SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const OID_CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const OID_FRIENDLY_NAME = '1.2.840.113549.1.9.20';

/** The friendly name of a safe bag, lower-cased, or '' when it has none. */
function friendlyName(bag: DerNode): string {
  const attributes = children(bag).find((node) => node.tag === 0x31);
  for (const attribute of attributes ? children(attributes) : []) {
    if (oidText(child(attribute, 0)) === OID_FRIENDLY_NAME) {
      const name = Buffer.from(child(child(attribute, 1), 0).value);
      return name.length % 2 ? '' : name.swap16().toString('utf16le').toLowerCase();
    }
  }
  return '';
}

/** A PKCS#12 file's key (of `alias` when several) and certificates, the MAC checked first. */
function openPkcs12(
  bytes: Buffer,
  alias: string,
  password: string,
  keyPassword: string,
): SigningKey {
  const pfx = readDer(bytes);
  const authSafe = child(pfx, 1);
  if (oidText(child(authSafe, 0)) !== OID_DATA) throw new KeyError('unsupported');
  const content = child(child(authSafe, 1), 0, 0x04).value;
  const mac = children(pfx)[2];
  if (mac) {
    const digestInfo = child(mac, 0);
    const hash = HASHES[oidText(child(child(digestInfo, 0), 0))];
    if (!hash) throw new KeyError('unsupported');
    const salt = child(mac, 1, 0x04).value;
    const iterations = children(mac)[2] ? intValue(child(mac, 2)) : 1;
    const size = crypto.createHash(hash).digest().length;
    const key = pkcs12Kdf(hash, password, salt, iterations, 3, size);
    const computed = crypto.createHmac(hash, key).update(content).digest();
    const stored = child(digestInfo, 1, 0x04).value;
    if (stored.length !== computed.length || !crypto.timingSafeEqual(stored, computed)) {
      throw new KeyError('wrongPassword');
    }
  }
  const keys: { name: string; der: Buffer }[] = [];
  const certificates: { name: string; der: Buffer }[] = [];
  for (const info of children(readDer(content))) {
    const type = oidText(child(info, 0));
    let safeContents: Buffer;
    if (type === OID_DATA) safeContents = child(child(info, 1), 0, 0x04).value;
    else if (type === OID_ENCRYPTED_DATA) {
      const encryptedContent = child(child(child(info, 1), 0), 1);
      const data = children(encryptedContent).find((node) => node.tag === 0x80);
      if (!data) throw new KeyError('unsupported');
      safeContents = decrypt(child(encryptedContent, 1), data.value, password);
    } else throw new KeyError('unsupported');
    for (const bag of children(readDer(safeContents))) {
      const bagType = oidText(child(bag, 0));
      const value = child(child(bag, 1), 0);
      const name = friendlyName(bag);
      if (bagType === OID_SHROUDED_KEY_BAG) {
        let plain: Buffer;
        try {
          plain = decrypt(child(value, 0), child(value, 1, 0x04).value, keyPassword);
        } catch {
          plain = decrypt(child(value, 0), child(value, 1, 0x04).value, password);
        }
        keys.push({ name, der: plain });
      } else if (bagType === OID_KEY_BAG) keys.push({ name, der: value.raw });
      else if (bagType === OID_CERT_BAG) {
        certificates.push({ name, der: Buffer.from(child(child(value, 1), 0, 0x04).value) });
      }
    }
  }
  const wanted = alias.toLowerCase();
  const entry =
    keys.length === 1 && !wanted
      ? keys[0]
      : (keys.find((k) => k.name === wanted) ?? (keys.length === 1 ? keys[0] : undefined));
  if (!entry) throw new KeyError(keys.length ? 'aliasMissing' : 'noKey');
  const privateKey = crypto.createPrivateKey({ key: entry.der, format: 'der', type: 'pkcs8' });
  const publicKey = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const signer = certificates.find((c) =>
    new crypto.X509Certificate(c.der).publicKey
      .export({ format: 'der', type: 'spki' })
      .equals(publicKey),
  );
  if (!signer) throw new KeyError('noKey');
  return {
    privateKey,
    chain: [signer.der, ...certificates.filter((c) => c !== signer).map((c) => c.der)],
  };
}

/**
 * Opens a company certificate's file (a JKS keystore or a PKCS#12 file) with its passwords and
 * answers the key of `alias` with its chain. Throws KeyError: wrongPassword when a password does
 * not open it, aliasMissing, unsupported (a protection it cannot read), unreadable, noKey.
 */
export function openSigningKey(
  bytes: Buffer,
  alias: string,
  storePassword: string,
  keyPassword: string,
): SigningKey {
  try {
    if (bytes.length >= 4 && bytes.readUInt32BE(0) === JKS_MAGIC) {
      return openJks(bytes, alias, storePassword, keyPassword || storePassword);
    }
    return openPkcs12(bytes, alias, storePassword, keyPassword || storePassword);
  } catch (error) {
    if (error instanceof KeyError) throw error;
    throw new KeyError('unreadable');
  }
}
