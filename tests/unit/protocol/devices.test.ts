import { describe, expect, it } from 'vitest';
import {
  deviceState,
  isDisabled,
  isLicensed,
  isReadyForLicence,
  matchesStatusFilter,
  searchRowColour,
  startOfDay,
} from '../../../protocol/devices';

const today = startOfDay(new Date(2026, 10, 22, 15, 30));
const now = new Date(2026, 10, 22, 9);
const yesterday = new Date(2026, 10, 21, 23, 59);
const device = (STATUS: number, PENDIENTE: number, SINCRONISMO: Date | null = now) => ({
  STATUS,
  PENDIENTE,
  SINCRONISMO,
});

describe('device colour state (000 §4)', () => {
  it('is disabled (2) when held and provisioned: PENDIENTE 1 and STATUS not -1, 0 or 1', () => {
    expect(isDisabled(device(2, 1))).toBe(true);
    expect(isDisabled(device(7, 1))).toBe(true);
    for (const status of [-1, 0, 1]) expect(isDisabled(device(status, 1))).toBe(false);
    expect(isDisabled(device(2, 0))).toBe(false);
    expect(deviceState(device(2, 1), today)).toBe(2);
  });

  it('is generating its database (3) while STATUS is 1', () => {
    expect(deviceState(device(1, 0), today)).toBe(3);
    expect(deviceState(device(1, 1, null), today)).toBe(3);
  });

  it('is synced (0) when the last sync is today, not synced (1) otherwise', () => {
    expect(deviceState(device(2, 0, now), today)).toBe(0);
    expect(deviceState(device(0, 1, now), today)).toBe(0);
    expect(deviceState(device(2, 0, yesterday), today)).toBe(1);
    expect(deviceState(device(2, 0, null), today)).toBe(1);
    expect(deviceState({ ...device(2, 0), SINCRONISMO: now.toISOString() }, today)).toBe(0);
  });

  it('filters enabled (4) as every device that is not disabled', () => {
    expect(matchesStatusFilter(device(2, 0, null), 4, today)).toBe(true);
    expect(matchesStatusFilter(device(1, 1), 4, today)).toBe(true);
    expect(matchesStatusFilter(device(2, 1), 4, today)).toBe(false);
    expect(matchesStatusFilter(device(2, 1), 2, today)).toBe(true);
    expect(matchesStatusFilter(device(2, 0), 1, today)).toBe(false);
  });

  it('colours a search row green when synced today, red otherwise', () => {
    expect(searchRowColour(now, today)).toBe('green');
    expect(searchRowColour(yesterday, today)).toBe('red');
    expect(searchRowColour(null, today)).toBe('red');
  });
});

describe('licences (001 §4)', () => {
  it('is licensed when LIC is non-empty and ready with an application and a user', () => {
    expect(isLicensed({ LIC: 'ABCD' })).toBe(true);
    expect(isLicensed({ LIC: ' ' })).toBe(false);
    expect(isLicensed({ LIC: null })).toBe(false);
    expect(isReadyForLicence({ IDAPPLICATION: 1, IDUSER: 2 })).toBe(true);
    expect(isReadyForLicence({ IDAPPLICATION: 1, IDUSER: null })).toBe(false);
  });
});
