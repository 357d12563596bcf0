import { describe, expect, it } from 'vitest';
import {
  checkinRequestSchema,
  enrolRequestSchema,
  midSchema,
} from '../../../protocol/device-protocol';
import { VirtualDevice } from '../../../simulator/device';
import type { DeviceClient } from '../../../simulator/client';
import { createProfile } from '../../../simulator/profile';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const fleet = Array.from({ length: 1000 }, (_, index) => createProfile('unit-seed', index));

describe('simulated fleet profiles', () => {
  it('are the same for the same seed and index, and differ across seeds', () => {
    expect(createProfile('unit-seed', 7)).toEqual(fleet[7]);
    expect(createProfile('other-seed', 7).mid).not.toBe(fleet[7].mid);
  });

  it('have unique, valid identifiers and check-digit-valid IMEIs and ICCIDs', () => {
    expect(new Set(fleet.map((profile) => profile.mid)).size).toBe(fleet.length);
    for (const profile of fleet) {
      expect(midSchema.safeParse(profile.mid).success).toBe(true);
      if (profile.imei) {
        expect(profile.imei).toMatch(/^\d{15}$/);
        expect(luhnValid(profile.imei)).toBe(true);
      }
      if (profile.iccid) expect(luhnValid(profile.iccid)).toBe(true);
    }
  });

  it('mix platforms with Android most, and owners from Spanish cities', () => {
    const count = (platform: string) => fleet.filter((p) => p.platform === platform).length;
    expect(count('ANDROID')).toBeGreaterThan(550);
    for (const platform of ['IPHONE', 'WINDOWS8', 'LINUX', 'WEB']) {
      expect(count(platform)).toBeGreaterThan(10);
    }
    expect(new Set(fleet.map((p) => p.city.name)).size).toBeGreaterThan(10);
    expect(new Set(fleet.map((p) => p.owner)).size).toBeGreaterThan(900);
    const behaviours = new Set(fleet.map((p) => p.behaviour));
    expect([...behaviours].sort()).toEqual(['dormant', 'flaky', 'steady']);
  });

  it('send what the protocol accepts', () => {
    const client = {} as DeviceClient;
    const events = { enrolled: () => {}, unenrolled: () => {}, checkin: () => {} };
    for (const profile of fleet.slice(0, 200)) {
      const device = new VirtualDevice(profile, {
        client,
        events,
        checkinSeconds: 60,
        episodes: true,
        firstCheckinWithin: 1,
      });
      const enrol = enrolRequestSchema.safeParse({
        token: 'x'.repeat(43),
        mid: profile.mid,
        platform: profile.platform,
        model: profile.spec.model,
        owner: profile.owner,
        email: profile.email,
        username: profile.username,
        info: device.information(true),
      });
      expect(enrol.error).toBeUndefined();
      const checkin = checkinRequestSchema.safeParse(device.nextCheckin());
      expect(checkin.error).toBeUndefined();
      expect(!!checkin.data!.position).toBe(profile.spec.hasGps);
    }
  });
});
