import { describe, expect, it } from 'vitest';
import { zebraLabel, zplField } from '../../../server/kiosk/premium/zebra';

// The premium kiosk's QR type ZEBRA (docs/decisions.md): the payload as a ZPL label.
describe('zebraLabel', () => {
  it('writes ZPL’s own characters of a field in hex, after ^FH\\', () => {
    expect(zplField('a^b~c\\d')).toBe('a\\5Eb\\7Ec\\5Cd');
  });

  it('draws the payload as a QR code (^BQN) that fits a 4-inch label, the title escaped', () => {
    const payload = JSON.stringify({ url: 'https://x.example/?a=1~2', n: 'x'.repeat(600) });
    const zpl = zebraLabel(payload, 'H', 'Perfil ^raro~', 'Escanee');
    const lines = zpl.trimEnd().split('\n');
    expect(lines[0]).toBe('^XA');
    expect(lines.at(-1)).toBe('^XZ');
    expect(zpl).toContain('^FH\\^FDPerfil \\5Eraro\\7E^FS');
    const code = /\^BQN,2,(\d+)\^FH\\\^FDHA,(.*)\^FS$/m.exec(zpl)!;
    const magnification = Number(code[1]);
    expect(magnification).toBeGreaterThanOrEqual(1);
    expect(magnification).toBeLessThanOrEqual(10);
    const decoded = code[2].replace(/\\([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    expect(decoded).toBe(payload);
  });
});
