import { crc32 } from 'node:zlib';

/**
 * A small valid APK for the kiosk's tests: a zip holding a binary AndroidManifest.xml (Android's
 * AXML: a string pool, the attributes' resource ids, the android namespace, <manifest> with
 * package, versionCode and versionName, and <uses-sdk minSdkVersion>) and a classes.dex stub.
 * Real enough for any manifest parser; not signed, so no device would install it.
 */
export interface ApkFixture {
  package: string;
  versionName: string;
  versionCode: number;
  minSdk: number;
}

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const s32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
};
const chunk = (type: number, headerSize: number, body: Buffer) =>
  Buffer.concat([u16(type), u16(headerSize), u32(8 + body.length), body]);

function stringPool(strings: string[]): Buffer {
  const encoded = strings.map((text) => {
    const bytes = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([text.length, bytes.length]), bytes, Buffer.from([0])]);
  });
  const offsets: number[] = [];
  let at = 0;
  for (const one of encoded) {
    offsets.push(at);
    at += one.length;
  }
  let data = Buffer.concat(encoded);
  if (data.length % 4) data = Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  const headerSize = 28;
  const head = Buffer.concat([
    u32(strings.length),
    u32(0),
    u32(0x100), // UTF-8
    u32(headerSize + 4 * strings.length),
    u32(0),
  ]);
  return chunk(0x0001, headerSize, Buffer.concat([head, ...offsets.map(u32), data]));
}

type Attribute = [ns: number, name: number, raw: number, type: number, data: number];

function startElement(name: number, attributes: Attribute[]): Buffer {
  const attrs = attributes.map(([ns, n, raw, type, data]) =>
    Buffer.concat([s32(ns), s32(n), s32(raw), u16(8), Buffer.from([0, type]), u32(data)]),
  );
  const head = Buffer.concat([u32(1), s32(-1), s32(-1), s32(name)]);
  const info = Buffer.concat([u16(20), u16(20), u16(attributes.length), u16(0), u16(0), u16(0)]);
  return chunk(0x0102, 16, Buffer.concat([head, info, ...attrs]));
}

const endElement = (name: number) =>
  chunk(0x0103, 16, Buffer.concat([u32(1), s32(-1), s32(-1), s32(name)]));
const namespace = (type: number) =>
  chunk(type, 16, Buffer.concat([u32(1), s32(-1), s32(3), s32(4)]));

/** The binary AndroidManifest.xml of the fixture. */
export function binaryManifest(apk: ApkFixture): Buffer {
  // The attribute names first: the resource map gives each its android attribute id.
  const strings = [
    'versionCode',
    'versionName',
    'minSdkVersion',
    'android',
    ANDROID_NS,
    'package',
    'manifest',
    'uses-sdk',
    apk.package,
    apk.versionName,
  ];
  const resourceMap = chunk(
    0x0180,
    8,
    Buffer.concat([0x0101021b, 0x0101021c, 0x0101020c].map(u32)),
  );
  const body = Buffer.concat([
    stringPool(strings),
    resourceMap,
    namespace(0x0100),
    startElement(6, [
      [4, 0, -1, TYPE_INT_DEC, apk.versionCode],
      [4, 1, 9, TYPE_STRING, 9],
      [-1, 5, 8, TYPE_STRING, 8],
    ]),
    startElement(7, [[4, 2, -1, TYPE_INT_DEC, apk.minSdk]]),
    endElement(7),
    endElement(6),
    namespace(0x0101),
  ]);
  return chunk(0x0003, 8, body);
}

/** A zip of the given files, stored without compression. */
export function zip(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const common = Buffer.concat([
      u16(20),
      u16(0),
      u16(0),
      u16(0),
      u16(0x21), // version, flags, stored, time, date
      u32(crc),
      u32(data.length),
      u32(data.length),
      u16(fileName.length),
      u16(0),
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, fileName, data]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        common,
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        fileName,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(centrals.length),
    u16(centrals.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

/** An APK whose manifest says what `apk` says; `padding` bytes more make it bigger. */
export function apkFixture(apk: ApkFixture, padding = 0): Buffer {
  return zip({
    'AndroidManifest.xml': binaryManifest(apk),
    'classes.dex': Buffer.concat([Buffer.from('dex\n035\0'), Buffer.alloc(padding)]),
  });
}
