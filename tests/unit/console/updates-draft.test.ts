import { describe, expect, it } from 'vitest';
import { APP_PATH } from '../../../protocol/updates';
import { deviceActions } from '../../../src/custom/devices/deviceMenuItems';
import { midsOf } from '../../../src/custom/updates/midsOf';
import {
  confirmedPercent,
  fileListReducer,
  validateDraft,
  wireEntries,
  type DraftFile,
  type DraftTarget,
} from '../../../src/custom/updates/updateDraft';

const file = (name: string, bytes: number) => new File(['x'.repeat(bytes)], name);
const target = (change: Partial<DraftTarget>): DraftTarget => ({
  type: 'GENERAL',
  platform: 8,
  mids: [],
  groups: [],
  ...change,
});

describe('the new update file list (000 §3, §5)', () => {
  it('adds picked files to copy or run as SQL, at the application path, with their size', () => {
    const list = fileListReducer([], { type: 'addFiles', kind: 'copy', files: [file('a.apk', 3)] });
    const more = fileListReducer(list, {
      type: 'addFiles',
      kind: 'sql',
      files: [file('b.sql', 5)],
    });
    expect(more.map(({ type, name, path, size }) => ({ type, name, path, size }))).toEqual([
      { type: 'copy', name: 'a.apk', path: APP_PATH, size: 3 },
      { type: 'sql', name: 'b.sql', path: APP_PATH, size: 5 },
    ]);
  });

  it('adds delete and execute entries by name only when the name is not empty', () => {
    let list: DraftFile[] = fileListReducer([], { type: 'addNamed', kind: 'delete', name: '  ' });
    expect(list).toEqual([]);
    list = fileListReducer(list, { type: 'addNamed', kind: 'execute', name: ' run.sh ' });
    expect(list).toMatchObject([{ type: 'execute', name: 'run.sh', execute: true, size: 0 }]);
  });

  it('keeps one direct-SQL entry: the text replaces it in place, an empty text removes it', () => {
    let list = fileListReducer([], { type: 'addNamed', kind: 'delete', name: 'old.db' });
    list = fileListReducer(list, { type: 'setSql', sql: 'DELETE FROM t;' });
    list = fileListReducer(list, { type: 'addFiles', kind: 'copy', files: [file('c.txt', 1)] });
    const key = list[1].key;
    list = fileListReducer(list, { type: 'setSql', sql: 'UPDATE t SET a = 1;' });
    expect(list.map((entry) => entry.type)).toEqual(['delete', 'sqlDirect', 'copy']);
    expect(list[1]).toMatchObject({ key, sql: 'UPDATE t SET a = 1;', size: 19 });
    list = fileListReducer(list, { type: 'setSql', sql: '   ' });
    expect(list.map((entry) => entry.type)).toEqual(['delete', 'copy']);
  });

  it('changes flags and paths per entry and sends the wire entries without files or keys', () => {
    let list = fileListReducer([], { type: 'addFiles', kind: 'copy', files: [file('a', 2)] });
    const key = list[0].key;
    list = fileListReducer(list, { type: 'flag', key, flag: 'register', value: true });
    list = fileListReducer(list, { type: 'path', key, path: ' ' });
    expect(wireEntries(list)).toEqual([
      { type: 'copy', name: 'a', path: APP_PATH, size: 2, register: true, execute: false },
    ]);
    expect(fileListReducer(list, { type: 'remove', key })).toEqual([]);
  });
});

describe('publish validations (000 §5)', () => {
  const files = fileListReducer([], { type: 'addNamed', kind: 'delete', name: 'x' });

  it('asks for the type first, then the devices or groups, opening their list', () => {
    expect(validateDraft(target({ type: '' }), files)).toEqual({ message: 'noType' });
    expect(validateDraft(target({ type: 'LICENCIA' }), files)).toEqual({
      message: 'noDevices',
      open: 'devices',
    });
    expect(validateDraft(target({ type: 'GRUPOS' }), files)).toEqual({
      message: 'noGroups',
      open: 'groups',
    });
    expect(validateDraft(target({ type: 'LICENCIA', mids: ['M1'] }), files)).toBeNull();
    expect(validateDraft(target({ type: 'GRUPOS', groups: [3] }), files)).toBeNull();
  });

  it('refuses an update without any entry', () => {
    expect(validateDraft(target({ type: 'GENERAL' }), [])).toEqual({ message: 'noFiles' });
  });
});

describe('the confirmed percentage (000 §2)', () => {
  it('is truncated, never rounded, and 0 without devices', () => {
    expect(confirmedPercent(2, 3)).toBe(66);
    expect(confirmedPercent(999, 1000)).toBe(99);
    expect(confirmedPercent(5, 5)).toBe(100);
    expect(confirmedPercent(0, 0)).toBe(0);
  });
});

describe('Actualizar in the device list (001 §2)', () => {
  const permissions = {
    show: true,
    addDevice: false,
    editDevice: false,
    saveDevice: false,
    deleteDevice: false,
    statusDevice: false,
    sendemail: false,
    addUpdate: true,
  };

  it('is offered for a selection unless every selected device is disabled', () => {
    const on = { selected: 2, allSelected: false };
    expect(deviceActions(permissions, on)).toContain('update');
    expect(deviceActions(permissions, { ...on, allDisabled: true })).not.toContain('update');
    expect(deviceActions(permissions, { ...on, selected: 0 })).not.toContain('update');
    expect(deviceActions({ ...permissions, addUpdate: false }, on)).not.toContain('update');
  });

  it('reads the mid parameter as one MID, a list, or repeated', () => {
    expect(midsOf(new URLSearchParams('mid=A'))).toEqual(['A']);
    expect(midsOf(new URLSearchParams('mid=A,B&mid=C&mid=A'))).toEqual(['A', 'B', 'C']);
    expect(midsOf(new URLSearchParams(''))).toEqual([]);
  });
});
