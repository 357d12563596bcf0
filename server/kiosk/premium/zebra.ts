import QRCode from 'qrcode';

/**
 * The QR type ZEBRA (002 §9 "types QRCode and ZEBRA"): the same enrolment payload as the QR
 * code, as a ZPL II label for a Zebra label printer (docs/decisions.md, "Premium kiosk QR type
 * ZEBRA"). The label is 4 inches wide at 203 dpi (812 dots, the common Zebra desktop label), with
 * the profile's name above the code and the enrolment hint below; the printer draws the code
 * itself (^BQN, model 2), at the largest magnification that fits the label's width.
 */

/** 4 inches at 203 dpi. */
export const ZEBRA_LABEL_DOTS = 812;
const MARGIN = 40;

/**
 * A field's data with ZPL's own characters (^ and ~ start commands) and the escape character
 * itself written in hex, for a field that ^FH\ precedes.
 */
export function zplField(text: string): string {
  return text.replace(/[\\^~]/g, (char) => `\\${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The ZPL label of an enrolment payload, with its correction level (M, L, H, Q). */
export function zebraLabel(payload: string, level: string, title: string, hint: string): string {
  const modules = QRCode.create(payload, { errorCorrectionLevel: level as 'M' }).modules.size;
  // ^BQ draws each module as `magnification` dots (1 to 10), with a quiet zone of its own.
  const magnification = Math.max(
    1,
    Math.min(10, Math.floor((ZEBRA_LABEL_DOTS - 2 * MARGIN) / (modules + 8))),
  );
  const codeTop = 90;
  const codeHeight = (modules + 8) * magnification;
  return [
    '^XA',
    '^CI28',
    `^PW${ZEBRA_LABEL_DOTS}`,
    `^LL${codeTop + codeHeight + 80}`,
    `^FO${MARGIN},30^A0N,36,36^FB${ZEBRA_LABEL_DOTS - 2 * MARGIN},1,0,L^FH\\^FD${zplField(title)}^FS`,
    `^FO${MARGIN},${codeTop}^BQN,2,${magnification}^FH\\^FD${level}A,${zplField(payload)}^FS`,
    `^FO${MARGIN},${codeTop + codeHeight + 20}^A0N,24,24^FB${ZEBRA_LABEL_DOTS - 2 * MARGIN},2,0,L^FH\\^FD${zplField(hint)}^FS`,
    '^XZ',
    '',
  ].join('\n');
}
