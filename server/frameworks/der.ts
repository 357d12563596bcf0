/**
 * The little of ASN.1 DER that signing needs (docs/frameworks.md, "Signing"): reading a
 * PKCS#12 file, a JKS key entry and a certificate's issuer and serial, and writing a PKCS#7
 * SignedData. No package for it is installed, and Node's crypto does the cryptography.
 */
export interface DerNode {
  tag: number;
  /** The whole element: tag, length and contents. */
  raw: Buffer;
  /** The contents. */
  value: Buffer;
}

export class DerError extends Error {}

/** Reads the element at `offset`. */
export function readDer(bytes: Buffer, offset = 0): DerNode {
  if (offset + 2 > bytes.length) throw new DerError('truncated');
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > bytes.length) throw new DerError('length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i];
    start += count;
  }
  if (start + length > bytes.length) throw new DerError('truncated');
  return {
    tag,
    raw: bytes.subarray(offset, start + length),
    value: bytes.subarray(start, start + length),
  };
}

/** The elements inside a constructed one (a SEQUENCE, a SET, an explicit tag). */
export function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let offset = 0;
  while (offset < node.value.length) {
    const child = readDer(node.value, offset);
    out.push(child);
    offset += child.raw.length;
  }
  return out;
}

/** The child at `index`, or a DerError naming what was expected. */
export function child(node: DerNode, index: number, tag?: number): DerNode {
  const found = children(node)[index];
  if (!found || (tag !== undefined && found.tag !== tag)) throw new DerError(`element ${index}`);
  return found;
}

export function oidText(node: DerNode): string {
  if (node.tag !== 0x06) throw new DerError('not an OID');
  const v = node.value;
  const parts = [Math.floor(v[0] / 40), v[0] % 40];
  let n = 0;
  for (let i = 1; i < v.length; i++) {
    n = n * 128 + (v[i] & 0x7f);
    if (!(v[i] & 0x80)) {
      parts.push(n);
      n = 0;
    }
  }
  return parts.join('.');
}

export function intValue(node: DerNode): number {
  let n = 0;
  for (const byte of node.value) n = n * 256 + byte;
  return n;
}

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** An element of `tag` around `contents`. */
export function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const seq = (...contents: Buffer[]) => der(0x30, ...contents);
export const set = (...contents: Buffer[]) => der(0x31, ...contents);
export const octets = (bytes: Buffer) => der(0x04, bytes);
export const nullDer = () => Buffer.from([0x05, 0x00]);
export const smallInt = (n: number) => der(0x02, Buffer.from([n]));

export function oid(text: string): Buffer {
  const [a, b, ...rest] = text.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const n of rest) {
    const groups: number[] = [];
    let value = n;
    do {
      groups.unshift(value & 0x7f);
      value = Math.floor(value / 128);
    } while (value > 0);
    bytes.push(...groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)));
  }
  return der(0x06, Buffer.from(bytes));
}
