import { describe, expect, it } from 'vitest';
import {
  COMMANDS as ALL_COMMANDS,
  KIOSK_COMMANDS,
  MDM_ONLY_COMMANDS,
} from '../../../protocol/commands';

// The premium kiosk's commands are sent by its profiles' transitions, not from the device menu.
const COMMANDS = ALL_COMMANDS.filter((cmd) => !(KIOSK_COMMANDS as readonly string[]).includes(cmd));
import {
  EMPTY_VALUES,
  MENU_COMMANDS,
  validateCommand,
} from '../../../src/custom/devices/remote/commandCatalog';
import {
  COMMAND_GROUPS,
  confirmationMatches,
  groupCommands,
} from '../../../src/custom/devices/remote/commandGroups';
import { remoteMessages } from '../../../src/i18n/areas/remote';

describe('the command menu', () => {
  it('holds every command of 001 §9 exactly once (not the premium kiosk’s nor the MDM-only ones)', () => {
    const menu = COMMANDS.filter((cmd) => !MDM_ONLY_COMMANDS.includes(cmd));
    expect([...MENU_COMMANDS].sort()).toEqual([...menu].sort());
    expect(new Set(MENU_COMMANDS).size).toBe(menu.length);
  });

  it('goes from information to destructive, factory wipe last', () => {
    expect(COMMAND_GROUPS.map((entry) => entry.group)).toEqual([
      'information',
      'messages',
      'apps',
      'security',
      'destructive',
    ]);
    expect(MENU_COMMANDS[0]).toBe('info');
    expect(MENU_COMMANDS.slice(-3)).toEqual(['reboot', 'lock', 'wipe']);
    expect(COMMAND_GROUPS.find((entry) => entry.group === 'security')!.commands).toEqual(
      expect.arrayContaining(['camera', 'wifi', 'password']),
    );
  });

  it('leaves out a group without any of the given commands, keeping the order', () => {
    expect(groupCommands(['wipe', 'camera', 'info'])).toEqual([
      { group: 'information', commands: ['info'] },
      { group: 'security', commands: ['camera'] },
      { group: 'destructive', commands: ['wipe'] },
    ]);
    expect(groupCommands([])).toEqual([]);
  });

  it('names every group in both languages', () => {
    for (const { group } of COMMAND_GROUPS) {
      const spanish = remoteMessages.es.remote.groups[group];
      const english = remoteMessages.en.remote.groups[group];
      expect(spanish, group).toMatch(/\S/);
      expect(english, group).toMatch(/\S/);
      expect(spanish).not.toBe(english);
    }
  });
});

describe('the confirmation of destructive commands', () => {
  it('asks one device’s MID typed, or the number of devices', () => {
    expect(confirmationMatches('  abc-123 ', ['ABC-123'])).toBe(true);
    expect(confirmationMatches('abc-12', ['ABC-123'])).toBe(false);
    expect(confirmationMatches('', ['ABC-123'])).toBe(false);
    expect(confirmationMatches('3', ['A', 'B', 'C'])).toBe(true);
    expect(confirmationMatches('A', ['A', 'B', 'C'])).toBe(false);
  });

  it('refuses wipe and lock until it is typed; reboot keeps its yes', () => {
    for (const cmd of ['wipe', 'lock'] as const) {
      expect(validateCommand(cmd, EMPTY_VALUES, ['M1'])).toEqual({
        typed: 'remote.command.typed_wrong',
      });
      expect(validateCommand(cmd, { ...EMPTY_VALUES, typed: 'm1' }, ['M1'])).toEqual({});
    }
    expect(validateCommand('reboot', EMPTY_VALUES, ['M1'])).toEqual({
      confirmed: 'remote.command.confirm_check',
    });
    expect(validateCommand('info', EMPTY_VALUES, ['M1'])).toEqual({});
  });
});
