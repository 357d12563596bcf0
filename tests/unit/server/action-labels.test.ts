import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_CODES } from '../../../protocol/resources/actions';
import { SERVER_EVENTS, SERVER_LOG } from '../../../protocol/resources/server-log';
import { ACTIONS } from '../../../protocol/resources/actions';
import { jsonText } from '../../../src/resources/schema/cellValue';

/** Every TypeScript file under server/. */
function serverFiles(folder = path.resolve(__dirname, '../../../server')): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const sources = serverFiles().map((file) => fs.readFileSync(file, 'utf8'));
const written = (pattern: RegExp) =>
  new Set(sources.flatMap((text) => [...text.matchAll(pattern)].map((match) => match[1])));

describe('the codes the server writes in its logs', () => {
  it('label every action written through recordAction, in both languages', () => {
    const labelled = new Set(ACTION_CODES.map((choice) => choice.code));
    const codes = written(/recordAction\(\s*\w+,\s*'([a-z_]+)'/g);
    // logAction's callers name theirs as `action: '…'`.
    for (const code of written(/action:\s*'([a-z_]+)'/g)) codes.add(code);
    // Codes built from a value: setPendingDevices's `devices_${status}`.
    codes.add('devices_enabled').add('devices_disabled');
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter((code) => !labelled.has(code))).toEqual([]);
  });

  it('label every server-log event, in both languages', () => {
    const labelled = new Set(SERVER_EVENTS.map((choice) => choice.code));
    const events = written(/event:\s*'([a-z_]+)'/g);
    for (const text of sources) {
      for (const match of text.matchAll(/deviceLines\([^)]*'([a-z_]+)'/g)) events.add(match[1]);
    }
    expect(events.size).toBeGreaterThan(3);
    expect([...events].filter((event) => !labelled.has(event))).toEqual([]);
  });

  it('show coded values of a detail by their labels, not raw', () => {
    const detailOf = (fields: typeof SERVER_LOG.fields) =>
      fields.find((candidate) => candidate.source === 'detail');
    const log = detailOf(SERVER_LOG.fields);
    expect(jsonText({ platform: 'ANDROID', again: true }, log, 'es')).toBe(
      'Plataforma: Android, De nuevo: sí',
    );
    expect(jsonText({ command: 'lock', by: 'admin' }, log, 'en')).toBe('Command: Lock, By: admin');
    const actions = detailOf(ACTIONS.fields);
    expect(jsonText({ type: 'keystore' }, actions, 'en')).toBe('Type: Android (.jks, .keystore)');
    expect(jsonText({ type: 'api', command: 'wipe' }, actions, 'es')).toBe(
      'Tipo: Cliente de API, Orden: Borrar dispositivo',
    );
    expect(jsonText({ changed: ['OWNER', 'IDUSER'] }, actions, 'en')).toBe('Changed: Owner, User');
  });
});
