import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerCommand } from '../../../simulator/commands';
import { kioskScreenOf } from '../../../simulator/kiosk';
import { appLabel, kioskHomePng } from '../../../simulator/kiosk-screen';
import { command, kioskTarget } from './kiosk-target';

// A simulated kiosk device's help-desk screenshot is its kiosk home screen: a tile per visible
// app of its profile (issue 35, "show their kiosk home screen as a help-desk screenshot").

/** Width, height and RGB rows of a PNG made by simulator/png.ts (8-bit RGB, filter 0). */
function decode(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const start = png.indexOf('IDAT') + 4;
  const length = png.readUInt32BE(start - 8);
  const rows = zlib.inflateSync(png.subarray(start, start + length));
  const pixel = (x: number, y: number) => {
    const at = y * (width * 3 + 1) + 1 + x * 3;
    return [rows[at], rows[at + 1], rows[at + 2]];
  };
  return { width, height, pixel };
}

const BACKGROUND = [245, 245, 245];
/** The middle of the n-th tile (three a row, 56 px apart, 36 px wide, from 18, 40). */
const tileMiddle = (n: number) => [18 + (n % 3) * 56 + 18, 40 + Math.floor(n / 3) * 56 + 18];

describe("a kiosk device's home screen", () => {
  it('draws a tile for each app shown, and none where there is no app', () => {
    const { width, height, pixel } = decode(kioskHomePng('KIOSCO', ['com.a.maps', 'com.b.mail']));
    expect([width, height]).toEqual([180, 320]);
    const [x0, y0] = tileMiddle(0);
    const [x1, y1] = tileMiddle(1);
    const [x2, y2] = tileMiddle(2);
    expect(pixel(x0, y0)).not.toEqual(BACKGROUND);
    expect(pixel(x1, y1)).not.toEqual(BACKGROUND);
    expect(pixel(x0, y0)).not.toEqual(pixel(x1, y1));
    expect(pixel(x2, y2)).toEqual(BACKGROUND);
    expect(appLabel('com.b.mail')).toBe('mail');
  });

  it('is the screenshot of a device in a kiosk profile, with its visible apps only', async () => {
    const target = kioskTarget('kiosk-sim-2');
    expect(kioskScreenOf(target.controls)).toBeUndefined();
    await answerCommand(target, command('policy', { policy: { profile: 4 } }));
    const install = { method: 'urlDownload', versionName: '1.0', versionCode: 1 };
    await answerCommand(target, command('install', { ...install, packageName: 'com.x.scan' }));
    await answerCommand(target, command('install', { ...install, packageName: 'com.x.notes' }));
    const both = kioskScreenOf(target.controls)!;
    await answerCommand(target, command('hide', { packageName: 'com.x.scan' }));
    const one = decode(kioskScreenOf(target.controls)!);
    const [x1, y1] = tileMiddle(1);
    expect(decode(both).pixel(x1, y1)).not.toEqual(BACKGROUND);
    expect(one.pixel(x1, y1)).toEqual(BACKGROUND);
  });
});
