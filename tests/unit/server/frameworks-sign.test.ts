import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { child, children, readDer } from '../../../server/frameworks/der';
import { signJar } from '../../../server/frameworks/jar-sign';
import { KeyError, openSigningKey } from '../../../server/frameworks/keys';

const FIXTURES = path.join(__dirname, '../../fixtures/certificates');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const entries = {
  'assets/flota.json': strToU8('{"api":"https://x"}'),
  'classes.dex': strToU8('dex'),
};

/** The signature of a PKCS#7 block verified over the .SF file with its first certificate. */
function verifyBlock(block: Uint8Array, sf: Uint8Array): boolean {
  const signedData = child(child(readDer(Buffer.from(block)), 1), 0);
  const certificate = children(child(signedData, 3))[0].raw;
  const signerInfo = child(child(signedData, 4), 0);
  const signature = child(signerInfo, 4).value;
  const key = new crypto.X509Certificate(certificate).publicKey;
  return crypto.verify('sha256', sf, key, signature);
}

const jarsigner = (() => {
  try {
    execFileSync('jarsigner', ['-help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('framework signing (JAR v1)', () => {
  it.each([
    ['upload.jks', 'release', 'storepass1', 'RSA'],
    ['modern.keystore', 'release', 'storepass1', 'EC'],
  ])('signs with the key of %s', (file, alias, password, extension) => {
    const key = openSigningKey(fixture(file), alias, password, '');
    const signed = signJar(entries, key);
    expect(Object.keys(signed).sort()).toEqual(
      [
        'META-INF/CERT.SF',
        `META-INF/CERT.${extension}`,
        'META-INF/MANIFEST.MF',
        'assets/flota.json',
        'classes.dex',
      ].sort(),
    );
    const manifest = strFromU8(signed['META-INF/MANIFEST.MF']);
    const digest = crypto.createHash('sha256').update('dex').digest('base64');
    expect(manifest).toContain(`Name: classes.dex\r\nSHA-256-Digest: ${digest}\r\n`);
    expect(verifyBlock(signed[`META-INF/CERT.${extension}`], signed['META-INF/CERT.SF'])).toBe(
      true,
    );
    if (jarsigner) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jar-'));
      const jar = path.join(dir, 'app.zip');
      fs.writeFileSync(jar, zipSync(signed));
      expect(execFileSync('jarsigner', ['-verify', jar]).toString()).toMatch(/jar verified/);
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('opens a PKCS#12 file and refuses a wrong password, a missing alias and garbage', () => {
    expect(openSigningKey(fixture('apple.p12'), '', 'p12pass', '').chain).toHaveLength(1);
    const problem = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as KeyError).problem;
      }
      return null;
    };
    expect(problem(() => openSigningKey(fixture('upload.jks'), 'release', 'nope', ''))).toBe(
      'wrongPassword',
    );
    expect(problem(() => openSigningKey(fixture('modern.keystore'), 'x', 'nope', ''))).toBe(
      'wrongPassword',
    );
    expect(problem(() => openSigningKey(fixture('upload.jks'), 'other', 'storepass1', ''))).toBe(
      'aliasMissing',
    );
    expect(problem(() => openSigningKey(Buffer.from('not a key'), 'a', 'b', ''))).toBe(
      'unreadable',
    );
  });
});
