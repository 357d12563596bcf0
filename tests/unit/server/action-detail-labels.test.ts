import { describe, expect, it } from 'vitest';
import { PUSH_TYPES } from '../../../protocol/commands';
import { PROVISION_KEYS } from '../../../protocol/provisioning';
import { ACTION_CODES, ACTIONS } from '../../../protocol/resources/actions';
import { loggedProvisionKey } from '../../../protocol/resources/action-detail-labels';
import { UPDATE_TYPE_NAMES } from '../../../protocol/updates';
import { jsonText } from '../../../src/resources/schema/cellValue';
import { readActionSources } from './action-sources';

const detail = ACTIONS.fields.find((field) => field.source === 'detail')!;
const bothLanguages = (label: { es: string; en: string } | undefined) =>
  Boolean(label?.es.trim() && label.en.trim());

/**
 * What the server writes without a literal in its source, named here by hand: a new one fails
 * the first test until it is added (with its keys or codes below).
 */
const OPAQUE: Record<string, { codes?: string[]; keys?: string[] }> = {
  'services/devices/state.ts:`devices_${status}`': {
    codes: ['devices_enabled', 'devices_disabled'],
  },
  'updates/operations.ts:published': { keys: ['version', 'versionCompleta', 'devices'] },
  // A framework's build published as an update: the same answer as the update's.
  'frameworks/operations.ts:published': { keys: ['version', 'versionCompleta', 'devices'] },
  'mdm/devices.ts:`mdm_devices_${status}`': {
    codes: ['mdm_devices_enabled', 'mdm_devices_disabled'],
  },
};

describe('the actions log, read from the server source (every code through its label)', () => {
  const sources = readActionSources();
  for (const extra of Object.values(OPAQUE)) {
    for (const code of extra.codes ?? []) sources.codes.add(code);
    for (const key of extra.keys ?? []) sources.keys.add(key);
  }

  it('finds what the server writes, and nothing it cannot read goes unnamed', () => {
    expect(sources.codes.size).toBeGreaterThan(50);
    expect(sources.keys.size).toBeGreaterThan(40);
    expect(sources.codes).toContain('devices_provisioned');
    expect(sources.keys).toContain('title');
    expect(sources.values).toContain('resetUpdatesForMID');
    expect([...sources.opaque].sort()).toEqual(Object.keys(OPAQUE).sort());
  });

  it('labels every action code in both languages', () => {
    const labels = new Map(ACTION_CODES.map((choice) => [choice.code, choice.label]));
    const missing = [...sources.codes].filter((code) => !bothLanguages(labels.get(code)));
    expect(missing).toEqual([]);
  });

  it('labels every detail key in both languages', () => {
    const missing = [...sources.keys].filter((key) => !bothLanguages(detail.keyLabels?.[key]));
    expect(missing).toEqual([]);
  });

  it('labels every coded value a detail writes, in both languages', () => {
    const coded = [
      ...sources.values,
      ...PROVISION_KEYS.map(loggedProvisionKey),
      ...PROVISION_KEYS,
      ...UPDATE_TYPE_NAMES,
      ...PUSH_TYPES.map((type) => `type=${type}`),
    ];
    const missing = coded.filter((value) => !bothLanguages(detail.valueLabels?.[value]));
    expect(missing).toEqual([]);
  });

  it('reads the rows of issue 33 as words, old spellings and nulls included', () => {
    expect(jsonText({ project: 'Ventas', database: 3, id: 7, title: 'Stock' }, detail, 'es')).toBe(
      'Proyecto: Ventas, Nº de proyecto: 3, Id: 7, Título: Stock',
    );
    expect(jsonText({ project: 4, key: 'provConfigaration', devices: 2 }, detail, 'en')).toBe(
      'Project: 4, Provisioning: Configuration, Devices: 2',
    );
    expect(jsonText({ key: 'provConfiguration' }, detail, 'es')).toBe(
      'Aprovisionamiento: Configuración',
    );
    expect(jsonText({ operation: 'resetUpdatesForMID', mid: 'A1' }, detail, 'es')).toBe(
      'Operación: Todas a pendientes, Dispositivo: A1',
    );
    expect(jsonText({ operation: 'admemail', database: null, sent: 1 }, detail, 'es')).toBe(
      'Operación: a dispositivos, Enviados: 1',
    );
    expect(jsonText({ type: 0, mids: 'all' }, detail, 'es')).toBe(
      'Tipo: En vivo, Dispositivos: todos',
    );
    expect(jsonText({ type: 'GRUPOS', version: 2 }, detail, 'en')).toBe(
      'Type: By groups, Version: 2',
    );
    expect(loggedProvisionKey('provConfigaration')).toBe('provConfiguration');
  });
});
