import { describe, expect, it } from 'vitest';
import { REPLICATOR_SETTINGS, checkSettingValue, valueProblem } from '../../../protocol/replicator';
import { DEFAULT_SETTINGS, settingsFrom } from '../../../server/replication/settings';

describe('replicator value types (000 §5)', () => {
  it('take what each type allows and refuse the rest', () => {
    const cases: [number, string[], string[]][] = [
      [1, ['ymd', 'dmy', 'ydm'], ['mdy', 'YMD', '']],
      [2, ['sqlite', 'oracle'], ['access', 'SQLite']],
      [3, ['', 'libre', 'x'.repeat(2000)], ['x'.repeat(2001)]],
      [4, ['true', 'false'], ['TRUE', 'sí', '1']],
      [5, ['0', '10000', '42'], ['10001', '-1', '2.5', 'abc', '']],
      [6, ['0', '7'], ['8', '-1', '07', 'a']],
    ];
    for (const [type, good, bad] of cases) {
      for (const value of good) expect(valueProblem(type, value), `${type} ${value}`).toBeNull();
      for (const value of bad) expect(valueProblem(type, value), `${type} ${value}`).not.toBeNull();
    }
    expect(valueProblem(9, 'x')).toBe('unknownType');
  });

  it('name the setting by its label, with its own minimum', () => {
    expect(checkSettingValue('APPLY_BATCH', 5, '0', 'es')).toBe(
      'El valor de «Operaciones aplicadas por transacción» debe ser un número entero entre 1 y 10000.',
    );
    expect(checkSettingValue('IQUEUE_RETENTION_DAYS', 5, '0', 'es')).toBeNull();
    expect(checkSettingValue('OTHER', 4, 'no', 'en')).toBe(
      'The value of “OTHER” must be true or false.',
    );
  });

  it('seed a default that its own type accepts, for every type', () => {
    for (const spec of REPLICATOR_SETTINGS) {
      expect(valueProblem(spec.type, spec.default, spec.min ?? 0), spec.key).toBeNull();
    }
    expect(new Set(REPLICATOR_SETTINGS.map((s) => s.type))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});

describe('what the engine reads', () => {
  it('takes good values and falls back to the default for wrong or missing ones', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ applyBatch: 5000, corrections: true, fetchMax: 500 });
    const read = settingsFrom([
      { KEYNAME: 'APPLY_BATCH', KEYVALUE: '250' },
      { KEYNAME: 'CORRECTIONS', KEYVALUE: 'false' },
      { KEYNAME: 'FETCH_MAX', KEYVALUE: '0' },
      { KEYNAME: 'LOG_LEVEL', KEYVALUE: null },
      { KEYNAME: 'DATE_ORDER', KEYVALUE: ' dmy ' },
    ]);
    expect(read).toMatchObject({
      applyBatch: 250,
      corrections: false,
      fetchMax: 500,
      logLevel: 3,
      dateOrder: 'dmy',
      retentionDays: 30,
    });
  });
});
