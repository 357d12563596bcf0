import { describe, expect, it } from 'vitest';
import { MENUS } from '../../../protocol/menu';
import { offeredVerbs } from '../../../protocol/resource-definition';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';

const allEmbedded = Object.values(RESOURCE_DEFINITIONS).filter((d) => d.embedded);
/**
 * The device dialog's; the organization page (/app/organization), the settings tabs
 * (/app/setting), the tables screen's tabs (/app/sqltables) and the kiosk's configuration
 * dialog (/app/kiosk) embed the others.
 */
const embedded = allEmbedded.filter((d) => d.path.startsWith('/app/devicelist/'));
const entries = Object.values(MENUS).flat();

describe('every embedded resource', () => {
  it('lives under the screen that holds it, with no menu entry of its own', () => {
    for (const definition of allEmbedded) {
      expect(entries.some((e) => e.id === definition.name || e.path === definition.path)).toBe(
        false,
      );
      expect(definition.path, definition.name).toMatch(
        /^\/app\/(devicelist|organization|setting|sqltables|kiosk|kioskpremium|mdmpoliciesedit|mdmadminedit|frameworks)\//,
      );
    }
    expect(
      allEmbedded
        .filter((d) => !embedded.includes(d))
        .map((d) => d.name)
        .sort(),
    ).toEqual(
      // The settings tabs' resources (issue 14, part 5) are added by several hands at once.
      expect.arrayContaining(['certificates', 'company-data', 'groups', 'shared-companies']),
    );
  });
});

describe('the resources shown inside the device dialog', () => {
  it('are declared embedded, per project, and listed by the device they belong to', () => {
    expect(embedded.map((d) => d.name).sort()).toEqual(
      [
        'command-history',
        'device-errors',
        'device-replica',
        'helpdesk-files',
        'provision-log',
        'provision-tasks',
      ].sort(),
    );
    for (const definition of embedded) {
      expect(definition.scope, definition.name).toBe('project');
      const mid = definition.fields.find((f) => f.source === 'mid');
      // Filtered by it (the dialog's fixed filter, and REST's `filter`), never a column.
      expect(mid, definition.name).toMatchObject({ filter: true, list: false, sort: false });
      expect(offeredVerbs(definition), definition.name).toContain('list');
    }
  });

  it('have no menu entry: no screen of their own, under the device list path', () => {
    for (const definition of embedded) {
      expect(entries.some((e) => e.id === definition.name || e.path === definition.path)).toBe(
        false,
      );
      expect(definition.path.startsWith('/app/devicelist/')).toBe(true);
    }
  });

  it('name the server operations the dialog used before', () => {
    const calls = Object.fromEntries(
      embedded.map((d) => [d.name, d.verbs.list!.call as { operation: string }]),
    );
    expect(calls['helpdesk-files']).toEqual({
      operation: 'deviceData',
      fixed: { data: 'helpdesk' },
    });
    expect(calls['command-history'].operation).toBe('deviceCommands');
    expect(calls['device-errors'].operation).toBe('deviceErrorLogs');
    expect(RESOURCE_DEFINITIONS['helpdesk-files'].verbs.delete).toEqual({
      permission: { node: 'devices.modify', mode: 'write' },
      call: { operation: 'deleteHelpDeskForDEVICEID', id: 'id' },
    });
  });
});
