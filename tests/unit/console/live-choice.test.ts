import { expect, it } from 'vitest';
import type { LiveDevice } from '../../../protocol/live';
import { chooseDevices, NO_CHOICE } from '../../../src/custom/live/DeviceChoice';

const device = (id: string, name: string, type: string, group: string): LiveDevice => ({
  id,
  name,
  type,
  group,
  status: 'online',
  project: 1,
});

const fleet = [
  device('m-3', 'Hugo · Pixel 8', 'ANDROID', 'Reparto'),
  device('m-1', 'Ana · iPhone 15', 'IPHONE', 'Ventas'),
  device('m-2', 'Álvaro · Galaxy A54', 'ANDROID', 'Ventas'),
];

it('chooses the grid’s devices by group, platform and search, sorted by name', () => {
  expect(chooseDevices(fleet, NO_CHOICE).map((d) => d.id)).toEqual(['m-2', 'm-1', 'm-3']);
  expect(chooseDevices(fleet, { ...NO_CHOICE, group: 'Ventas' }).map((d) => d.id)).toEqual([
    'm-2',
    'm-1',
  ]);
  expect(
    chooseDevices(fleet, { ...NO_CHOICE, group: 'Ventas', platform: 'ANDROID' }).map((d) => d.id),
  ).toEqual(['m-2']);
  expect(chooseDevices(fleet, { ...NO_CHOICE, search: 'PIXEL' }).map((d) => d.id)).toEqual(['m-3']);
  expect(chooseDevices(fleet, { ...NO_CHOICE, search: 'm-1' }).map((d) => d.id)).toEqual(['m-1']);
});
