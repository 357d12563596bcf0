import { describe, expect, it } from 'vitest';
import { TextOperator } from '../../../protocol/filters';
import { plainOperator } from '../../../protocol/plain-operator';
import { MDM_DEVICES } from '../../../protocol/resources/mdm-devices';
import { kioskOf, withKiosk } from '../../../server/mdm/kiosk-document';

// The kiosk of an Android policy document (/app/mdmkiosk, docs/mdm.md "Kiosk"), and the device
// lists' non-compliance reasons picked from their labels.

const document = {
  cameraDisabled: true,
  applications: [
    { packageName: 'a.kiosk', installType: 'KIOSK', autoUpdateMode: 'AUTO_UPDATE_HIGH_PRIORITY' },
    { packageName: 'b.scan', installType: 'FORCE_INSTALLED', lockTaskAllowed: true },
  ],
  kioskCustomization: { statusBar: 'SYSTEM_INFO_ONLY' },
};

describe('the kiosk of a policy document', () => {
  it('reads the kiosk app, the lock-task apps and the settings', () => {
    expect(kioskOf(document)).toMatchObject({
      kioskApp: 'a.kiosk',
      lockTaskApps: ['b.scan'],
      settings: { statusBar: 'SYSTEM_INFO_ONLY', deviceSettings: null },
    });
  });

  it('moves the kiosk to another app, keeps the rest, drops emptied settings', () => {
    const changed = withKiosk(document, {
      kioskApp: 'b.scan',
      lockTaskApps: ['c.maps'],
      settings: { statusBar: null, deviceSettings: 'SETTINGS_ACCESS_BLOCKED' },
    });
    expect(changed).toEqual({
      cameraDisabled: true,
      applications: [
        {
          packageName: 'a.kiosk',
          installType: 'FORCE_INSTALLED',
          autoUpdateMode: 'AUTO_UPDATE_HIGH_PRIORITY',
        },
        { packageName: 'b.scan', installType: 'KIOSK' },
        { packageName: 'c.maps', installType: 'FORCE_INSTALLED', lockTaskAllowed: true },
      ],
      kioskCustomization: { deviceSettings: 'SETTINGS_ACCESS_BLOCKED' },
    });
    const bare = withKiosk(changed, { settings: { deviceSettings: null } });
    expect(bare.kioskCustomization).toBeUndefined();
  });
});

describe('the non-compliance reasons of the device lists', () => {
  it('are picked from their labels and filtered as a reason contained', () => {
    const reasons = MDM_DEVICES.fields.find((f) => f.source === 'reasons')!;
    expect(reasons.choices?.find((c) => c.code === 'API_LEVEL')?.label).toEqual({
      es: 'Versión del sistema demasiado antigua',
      en: 'OS version too old',
    });
    expect(plainOperator(reasons)).toBe(TextOperator.contains);
  });
});
