import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf } from './font';
import { makePng } from './png';

const WIDTH = 180;
const HEIGHT = 320;
const TILE = 36;
/** Tiles a row, and the room each takes with its label under it. */
const COLUMNS = 3;
const CELL = 56;
const FIRST_ROW = 40;
const MAX_TILES = 15;

type Colour = readonly [number, number, number];

/** What a launcher calls an app without a label of its own: its package's last word. */
export const appLabel = (packageName: string) => packageName.split('.').at(-1) ?? packageName;

const hueOf = (text: string) => [...text].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7);

/** The pixels of a line of text in the 5 × 7 font, as `y * WIDTH + x` indexes. */
function inked(pixels: Set<number>, left: number, top: number, text: string) {
  [...text].forEach((char, n) => {
    glyphOf(char).forEach((bits, row) => {
      for (let column = 0; column < GLYPH_WIDTH; column++) {
        if (bits & (1 << (GLYPH_WIDTH - 1 - column))) {
          const x = left + n * (GLYPH_WIDTH + 1) + column;
          if (x < WIDTH) pixels.add((top + row) * WIDTH + x);
        }
      }
    });
  });
}

/**
 * A kiosk's home screen as its agent shows it (docs/kiosk.md): the status bar, a band with the
 * profile, and a tile per visible app (up to 15, three a row) with its name under it. Sent as
 * the help-desk screenshot of a simulated kiosk device, so an operator sees which apps it shows.
 */
export function kioskHomePng(title: string, apps: readonly string[]): Buffer {
  const ink = new Set<number>();
  const light = new Set<number>();
  inked(light, 6, 8 + Math.floor((22 - GLYPH_HEIGHT) / 2), title.slice(0, 28));
  const tiles = apps.slice(0, MAX_TILES).map((name, n) => {
    const left = 10 + (n % COLUMNS) * CELL;
    const top = FIRST_ROW + Math.floor(n / COLUMNS) * CELL;
    inked(ink, left, top + TILE + 3, appLabel(name).slice(0, 9));
    const hue = hueOf(name);
    const colour: Colour = [hue % 200, (hue >> 8) % 200, (hue >> 16) % 200];
    return { left: left + 8, top, colour };
  });
  return makePng(WIDTH, HEIGHT, (x, y): Colour => {
    const at = y * WIDTH + x;
    if (light.has(at)) return [255, 255, 255];
    if (ink.has(at)) return [33, 33, 33];
    if (y < 8) return [20, 20, 20];
    if (y < 30) return [21, 101, 192];
    const tile = tiles.find(
      (t) => x >= t.left && x < t.left + TILE && y >= t.top && y < t.top + TILE,
    );
    return tile ? tile.colour : [245, 245, 245];
  });
}
