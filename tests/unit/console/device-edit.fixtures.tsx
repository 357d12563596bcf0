import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { AdminContext, HttpError, Notification, type DataProvider } from 'react-admin';
import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import type { DeviceForEdit, DevicePermissions } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DeviceEditDialog } from '../../../src/custom/devices/edit/DeviceEditDialog';

/** Shared by the device edit dialog tests: a device as deviceForEdit answers it, and a fake provider. */

const LISTS = {
  AllApplication: [
    { ID: 1, NAME: 'Ventas' },
    { ID: 2, NAME: 'Almacén' },
  ],
  AllUsers: [
    { ID: 10, NAME: 'Ana', EMAIL: 'ana@example.com' },
    { ID: 11, NAME: 'Luis', EMAIL: 'luis@example.com' },
  ],
  AllPlatforms: [
    { id: 1, platform: 'ANDROID', active: true, models: [{ id: 1, model: 'Pixel 8' }] },
    { id: 2, platform: 'IPHONE', active: true, models: [{ id: 2, model: 'iPhone 15' }] },
    { id: 3, platform: 'WP7', active: false, models: [] },
  ],
};

export const NEW_DEVICE: DeviceForEdit = {
  ID: null,
  MID: '',
  PIN: null,
  PIN2: null,
  OWNER: null,
  USERNAME: null,
  DEVICEGROUP: null,
  MODEL: null,
  SINCRONISMO: null,
  STATUS: 0,
  PENDIENTE: 0,
  DEVICE_TYPE: null,
  EMAIL: null,
  LIC: null,
  IMEI: null,
  IDAPPLICATION: null,
  IDUSER: null,
  Estado: 1,
  Licensed: false,
  Ready: false,
  Platform: null,
  Model: null,
  Application: null,
  User: null,
  Inventory: null,
  Position: null,
  ...LISTS,
};

/** A licensed device with application and user: ready, so changing its user asks first. */
export const LICENSED_DEVICE: DeviceForEdit = {
  ...NEW_DEVICE,
  ID: 7,
  MID: 'SIM-0007',
  PIN: '1234',
  OWNER: 'María García',
  USERNAME: 'Ana',
  MODEL: 'Galaxy Tab X',
  SINCRONISMO: new Date().toISOString(),
  STATUS: 2,
  DEVICE_TYPE: 'ANDROID',
  EMAIL: 'maria@example.com',
  LIC: 'AB12-CD34-EF56-7890',
  IMEI: '356938035643809',
  IDAPPLICATION: 1,
  IDUSER: 10,
  Estado: 0,
  Licensed: true,
  Ready: true,
  Platform: { id: 1, platform: 'ANDROID' },
  Model: { id: null, model: 'Galaxy Tab X' },
  Application: { ID: 1, NAME: 'Ventas' },
  User: { ID: 10, NAME: 'Ana' },
  Inventory: {
    INFO: {
      manufacturerName: 'Samsung',
      modelName: 'Galaxy Tab X',
      isRooted: false,
      batteryLevel: 80,
      isBatteryCharging: true,
      totalRamSize: 8 * 1024 ** 3,
      availableRamSize: 2 * 1024 ** 3,
      totalInternalMemorySize: 128 * 1024 ** 3,
      availableInternalMemorySize: 32 * 1024 ** 3,
    },
    // Local times, so that the expected texts do not depend on the machine's time zone.
    LASTINFO: new Date(2025, 5, 5, 10, 30).toISOString(),
    LASTGPS: new Date(2025, 5, 5, 10, 31).toISOString(),
  },
  Position: { LATITUDE: 40.4168, LONGITUDE: -3.7038, ACCURACY: 12, TIME: '2025-06-05T10:31:00Z' },
};

export const ALL_ALLOWED: DevicePermissions = {
  show: true,
  addDevice: true,
  editDevice: true,
  saveDevice: true,
  deleteDevice: true,
  statusDevice: true,
  sendemail: true,
  addUpdate: true,
};

/** The device verbs the dialog calls; each test changes what it needs. */
export function fakeProvider(devices: DeviceForEdit[], permissions = ALL_ALLOWED) {
  const byId = new Map(devices.map((device) => [device.ID, device]));
  return {
    projectAccess: vi.fn(async (database: number) => ({
      database,
      name: 'Demo',
      owner: true,
      devices: permissions,
    })),
    resourceSchema: vi.fn(async () => DEVICE_LIST_SCHEMA),
    deviceForEdit: vi.fn(async (_database: number, id: number | null) => {
      const device = byId.get(id);
      if (!device) throw new HttpError(`El dispositivo con ID ${id} no existe.`, 200);
      return device;
    }),
    saveDevice: vi.fn(async (_database: number, changes: Record<string, unknown>) => {
      const id = (changes.ID as number | undefined) ?? 42;
      const saved = { ...(byId.get(id) ?? NEW_DEVICE), ...changes, ID: id };
      byId.set(id, saved as DeviceForEdit);
      return saved;
    }),
    createDeviceLicence: vi.fn(async (_database: number, id: number) => {
      const licensed = { ...byId.get(id)!, LIC: 'NEW0-NEW0-NEW0-NEW0', Licensed: true };
      byId.set(id, licensed);
      return licensed;
    }),
  };
}

export type FakeProvider = ReturnType<typeof fakeProvider>;

export function renderDialog(
  provider: FakeProvider,
  deviceId: number | null,
  startEditing = false,
) {
  const onClose = vi.fn();
  render(
    <AdminContext dataProvider={provider as unknown as DataProvider} i18nProvider={i18nProvider}>
      <DeviceEditDialog
        database={5}
        deviceId={deviceId}
        startEditing={startEditing}
        open
        onClose={onClose}
      />
      <Notification />
    </AdminContext>,
  );
  return onClose;
}
