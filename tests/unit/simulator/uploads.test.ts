import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateLog } from '../../../simulator/log-text';
import { makePng, screenshotPng } from '../../../simulator/png';

describe('simulated logs', () => {
  it('writes timestamped lines that every log-viewer filter finds', () => {
    const log = generateLog('devicelogs', {
      lines: 400,
      now: new Date('2026-11-22T10:00:00Z'),
      seed: 3,
    });
    const lines = log.trimEnd().split('\n');
    expect(lines).toHaveLength(400);
    expect(lines.every((line) => /^\d{4}-\d\d-\d\dT\S+Z (INFO|WARN|ERROR|DEBUG)/.test(line))).toBe(
      true,
    );
    for (const pattern of [/ERROR/, /replic/i, /\blive/i, /\bframe/i, /script/i]) {
      expect(lines.some((line) => pattern.test(line))).toBe(true);
    }
    expect(lines.at(-1)).toMatch(/^2026-11-22T10:00:00.000Z /);
  });

  it('is the same for the same seed, and an error log holds warnings and errors only', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(generateLog('replica', { seed: 9, now })).toBe(generateLog('replica', { seed: 9, now }));
    const errors = generateLog('errorlogs', { seed: 1, lines: 50 }).split('\n');
    expect(errors.filter((line) => /Z (INFO|DEBUG)/.test(line))).toEqual([]);
  });
});

describe('simulated screenshot', () => {
  it('is a valid PNG of the asked size', () => {
    const png = screenshotPng(42);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(png.readUInt32BE(16)).toBe(90);
    expect(png.readUInt32BE(20)).toBe(160);
    // IDAT follows IHDR (8 + 25 bytes) and inflates to one filter byte plus RGB per row.
    const length = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString()).toBe('IDAT');
    const rows = zlib.inflateSync(png.subarray(41, 41 + length));
    expect(rows.length).toBe((90 * 3 + 1) * 160);
    expect(makePng(1, 1, () => [0, 0, 0]).length).toBeLessThan(100);
  });
});
