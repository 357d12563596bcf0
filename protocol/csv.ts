/**
 * CSV text, shared by the console's exports (src/resources/schema/exportBuilders.ts) and the
 * server's files (a bot's report, server/bots/actions.ts): pure functions, text in, text out.
 */

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or return) as a formula, so a text a
 * device reported could run as one when the file is opened. Such texts get a leading apostrophe,
 * the spreadsheet's own "this is text" mark; plain numbers such as -12 are left alone.
 */
export function neutralizeFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || NUMBER.test(text)) return text;
  return `'${text}`;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV (RFC 4180: CRLF line ends) with a UTF-8 byte order mark, so Excel reads the accents. */
export function toCsv(headers: string[], cells: string[][]): string {
  const lines = [headers, ...cells].map((line) => line.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A project name as a file-name part: accents dropped, anything unusual as `_`. */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[_.]+|_+$/g, '');
}
