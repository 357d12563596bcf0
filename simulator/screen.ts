import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf } from './font';

/** Bits of the time strip: the sending time in ms, modulo 2^24 (about 4.6 hours). */
export const TIME_STRIP_BITS = 24;

export interface ScreenState {
  name: string;
  /** 0–100, or null for a device without a battery. */
  battery: number | null;
  /** Milliseconds since the epoch of the frame. */
  now: number;
}

export interface I420Frame {
  width: number;
  height: number;
  data: Uint8Array;
}

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

/** The wall clock of a frame, hh:mm:ss.mmm (UTC). */
export function clockText(now: number): string {
  const date = new Date(now);
  return (
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    `.${pad(date.getUTCMilliseconds(), 3)}`
  );
}

/**
 * A synthetic device screen drawn straight into I420 (what RTCVideoSource takes): the device's
 * name, its battery, a clock with milliseconds, a bar that moves, and at the bottom a strip of
 * black and white blocks carrying the same time in binary, which a viewer can read back from the
 * decoded video to measure glass-to-glass latency (bench/live).
 */
export class SyntheticScreen {
  readonly frame: I420Frame;
  private readonly y: Uint8Array;
  private readonly u: Uint8Array;
  private readonly v: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    /** The device's colour, as I420 chroma (U, V). */
    private readonly tint: [number, number],
  ) {
    const size = width * height;
    const data = new Uint8Array(size * 1.5);
    this.frame = { width, height, data };
    this.y = data.subarray(0, size);
    this.u = data.subarray(size, size + size / 4);
    this.v = data.subarray(size + size / 4);
  }

  draw({ name, battery, now }: ScreenState): I420Frame {
    const { width, height } = this;
    const scale = Math.max(2, Math.floor(Math.min(width, height) / 90));
    const small = Math.max(1, scale - 1);
    this.y.fill(40);
    this.u.fill(128);
    this.v.fill(128);
    // A header band in the device's colour.
    const band = Math.round(height * 0.12);
    this.rect(0, 0, width, band, 90, ...this.tint);
    this.text(name, 8, Math.round((band - GLYPH_HEIGHT * small) / 2), small, 235);
    const line = (GLYPH_HEIGHT + 4) * scale;
    let top = band + line;
    if (battery !== null) {
      this.text(`BAT ${Math.round(battery)}%`, 8, top, scale, 235);
      // The battery gauge: green above 20 %, red under.
      const gauge = Math.round(((width - 16) * Math.max(0, Math.min(100, battery))) / 100);
      const [gu, gv] = battery > 20 ? [90, 80] : [90, 220];
      this.rect(8, top + line - scale * 3, gauge, scale * 2, 150, gu, gv);
      top += line * 2;
    }
    this.text(clockText(now), 8, top, scale, 235);
    top += line * 2;
    // The moving bar: sweeps across once every two seconds.
    const barWidth = Math.max(8, Math.round(width / 10));
    const x = Math.round(((now % 2000) / 2000) * (width - barWidth));
    this.rect(x, top, barWidth, Math.round(height * 0.1), 200, 200, 60);
    this.timeStrip(now);
    return this.frame;
  }

  /** The time strip: TIME_STRIP_BITS blocks, most significant first, white for 1. */
  private timeStrip(now: number): void {
    const block = Math.floor(this.width / TIME_STRIP_BITS);
    const size = Math.max(8, block);
    const top = this.height - size;
    const value = now % 2 ** TIME_STRIP_BITS;
    for (let bit = 0; bit < TIME_STRIP_BITS; bit++) {
      const on = Math.floor(value / 2 ** (TIME_STRIP_BITS - 1 - bit)) % 2 === 1;
      this.rect(bit * block, top, block, size, on ? 255 : 0, 128, 128);
    }
  }

  private rect(x: number, y: number, w: number, h: number, luma: number, u = 128, v = 128) {
    const { width, height } = this;
    const x0 = Math.max(0, x);
    const y0 = Math.max(0, y);
    const x1 = Math.min(width, x + w);
    const y1 = Math.min(height, y + h);
    for (let row = y0; row < y1; row++) this.y.fill(luma, row * width + x0, row * width + x1);
    const half = width / 2;
    for (let row = y0 >> 1; row < y1 >> 1; row++) {
      this.u.fill(u, row * half + (x0 >> 1), row * half + (x1 >> 1));
      this.v.fill(v, row * half + (x0 >> 1), row * half + (x1 >> 1));
    }
  }

  private text(text: string, x: number, y: number, scale: number, luma: number): void {
    let left = x;
    for (const character of text) {
      if (left + GLYPH_WIDTH * scale > this.width) return;
      const rows = glyphOf(character);
      for (let row = 0; row < GLYPH_HEIGHT; row++) {
        for (let column = 0; column < GLYPH_WIDTH; column++) {
          if (rows[row] & (1 << (GLYPH_WIDTH - 1 - column))) {
            const px = left + column * scale;
            const py = y + row * scale;
            for (let dy = 0; dy < scale; dy++) {
              this.y.fill(luma, (py + dy) * this.width + px, (py + dy) * this.width + px + scale);
            }
          }
        }
      }
      left += (GLYPH_WIDTH + 1) * scale;
    }
  }
}
