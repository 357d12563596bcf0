import { expect, it } from 'vitest';
import { clockText, SyntheticScreen, TIME_STRIP_BITS } from '../../../simulator/screen';

it('draws the clock with milliseconds and the time in a strip a viewer can read back', () => {
  const screen = new SyntheticScreen(272, 480, [160, 100]);
  const now = Date.UTC(2026, 10, 29, 5, 24, 23, 911);
  expect(clockText(now)).toBe('05:24:23.911');
  const frame = screen.draw({ name: 'Lucía · Pixel 8', battery: 64, now });
  expect(frame.data.length).toBe(272 * 480 * 1.5);
  // Read the strip's blocks off the luma plane, as bench/live reads them off a canvas.
  const block = Math.floor(272 / TIME_STRIP_BITS);
  const row = 480 - 4;
  let value = 0;
  for (let bit = 0; bit < TIME_STRIP_BITS; bit++) {
    const luma = frame.data[row * 272 + bit * block + Math.floor(block / 2)];
    value = value * 2 + (luma > 128 ? 1 : 0);
  }
  expect(value).toBe(now % 2 ** TIME_STRIP_BITS);
  // The bar moves: two moments draw different frames.
  const first = Buffer.from(frame.data);
  screen.draw({ name: 'Lucía · Pixel 8', battery: 64, now: now + 500 });
  expect(Buffer.compare(first, Buffer.from(frame.data))).not.toBe(0);
});
