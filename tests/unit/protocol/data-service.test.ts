import { describe, expect, it } from 'vitest';
import { badPublicEntry, publicMarks } from '../../../protocol/data-service';
import { checkSettingValue } from '../../../protocol/replicator';

describe('DATASERVICE_PUBLIC', () => {
  it('makes nothing public when empty', () => {
    const marks = publicMarks('');
    expect(marks.resources.size + marks.reports.size).toBe(0);
    expect(publicMarks(null).resources.size).toBe(0);
  });

  it('reads resource names and report:<ID>, by commas, spaces or new lines', () => {
    const marks = publicMarks('platforms, report:12\ngroups;report:7');
    expect([...marks.resources]).toEqual(['platforms', 'groups']);
    expect([...marks.reports]).toEqual([12, 7]);
  });

  it('refuses any other entry, naming it, in the settings dialog and on the server', () => {
    expect(badPublicEntry('platforms, report:x')).toBe('report:x');
    expect(badPublicEntry('Platforms')).toBe('Platforms');
    expect(badPublicEntry('platforms report:3')).toBeNull();
    expect(checkSettingValue('DATASERVICE_PUBLIC', 3, 'groups, *', 'en')).toContain('“*”');
    expect(checkSettingValue('DATASERVICE_PUBLIC', 3, 'groups', 'es')).toBeNull();
  });
});
