import { describe, expect, it } from 'vitest';
import {
  COMMON_SETTINGS,
  commonSettingsOf,
  readSetting,
  writeSetting,
} from '../../../protocol/mdm/common-settings';
import { canonicalJson } from '../../../protocol/canonical-json';
import { lowerTitle } from '../../../protocol/lower-title';
import { policyDiff } from '../../../protocol/mdm/policy-diff';
import { policyRefusalText } from '../../../protocol/mdm/policy-issues';
import {
  POLICY_PLATFORMS,
  POLICY_SCHEMAS,
  policyJsonSchema,
} from '../../../protocol/mdm/policy-schema';

const setting = (key: string) => COMMON_SETTINGS.find((s) => s.key === key)!;

describe('policy documents', () => {
  it('has a JSON Schema per platform, for the editor, naming its settings', () => {
    for (const platform of POLICY_PLATFORMS) {
      const schema = policyJsonSchema(platform) as { properties: Record<string, unknown> };
      expect(Object.keys(schema.properties).length, platform).toBeGreaterThan(5);
    }
    const android = policyJsonSchema('android') as any;
    expect(android.properties.applications.items.properties.installType.enum).toContain('KIOSK');
    expect(android.additionalProperties).toBe(false);
  });

  it('takes an AMAPI-shaped Android policy and refuses the rules between settings', () => {
    const policy = {
      passwordPolicies: [{ passwordMinimumLength: 8, passwordQuality: 'ALPHANUMERIC' }],
      applications: [
        { packageName: 'com.example.kiosk', installType: 'KIOSK' },
        { packageName: 'com.example.maps', installType: 'FORCE_INSTALLED', lockTaskAllowed: true },
      ],
      kioskCustomization: { statusBar: 'SYSTEM_INFO_ONLY', systemNavigation: 'HOME_BUTTON_ONLY' },
      openNetworkConfiguration: {
        NetworkConfigurations: [
          {
            GUID: 'almacen',
            Type: 'WiFi',
            WiFi: { SSID: 'Almacén', Security: 'WPA-PSK', Passphrase: 'secreto1' },
          },
        ],
      },
      systemUpdate: { type: 'WINDOWED', startMinutes: 60, endMinutes: 180 },
      locationMode: 'LOCATION_ENFORCED',
      factoryResetDisabled: true,
    };
    expect(POLICY_SCHEMAS.android.safeParse(policy).success).toBe(true);
    const twoKiosks = {
      applications: [
        { packageName: 'com.a.b', installType: 'KIOSK' },
        { packageName: 'com.a.b', installType: 'KIOSK' },
      ],
    };
    const checked = POLICY_SCHEMAS.android.safeParse(twoKiosks);
    expect(checked.success).toBe(false);
    expect(policyRefusalText(checked.error!.issues, 'android', 'en')).toBe(
      'The policy is not valid: «applications» (Applications): only one application may have installType KIOSK; «applications[1].packageName» (Applications): the application com.a.b is repeated',
    );
  });
});

describe('the common settings', () => {
  it('write each platform’s own setting, and read it back', () => {
    let android = writeSetting({}, 'android', setting('passwordMinLength'), 6);
    android = writeSetting(android, 'android', setting('cameraDisabled'), true);
    expect(android).toEqual({
      passwordPolicies: [{ passwordMinimumLength: 6 }],
      cameraDisabled: true,
    });
    const ios = writeSetting({}, 'ios', setting('cameraDisabled'), true);
    expect(ios).toEqual({ restrictions: { allowCamera: false } });
    expect(readSetting(ios, 'ios', setting('cameraDisabled'))).toBe(true);
    const windows = writeSetting({}, 'windows', setting('locationMode'), 'disabled');
    expect(windows).toEqual({ system: { AllowLocation: 0 } });
    expect(readSetting(windows, 'windows', setting('locationMode'))).toBe('disabled');
    for (const platform of POLICY_PLATFORMS) {
      expect(
        POLICY_SCHEMAS[platform].safeParse(
          platform === 'ios' ? ios : platform === 'windows' ? windows : android,
        ).success,
      ).toBe(true);
    }
  });

  it('remove a setting turned off, with the groups it leaves empty', () => {
    const on = writeSetting(
      { restrictions: { allowCamera: false } },
      'ios',
      setting('cameraDisabled'),
      false,
    );
    expect(on).toEqual({});
    const kept = writeSetting(
      { passwordPolicies: [{ passwordMinimumLength: 6 }] },
      'android',
      setting('passwordMinLength'),
      null,
    );
    expect(kept).toEqual({});
    expect(commonSettingsOf('ios').map((s) => s.key)).not.toContain('usbDataDisabled');
  });
});

describe('the diff between two versions', () => {
  it('names each setting added, removed or changed, lists item by item', () => {
    expect(policyDiff({}, {})).toEqual([]);
    const changes = policyDiff(
      { cameraDisabled: true, passwordPolicies: [{ passwordMinimumLength: 6 }] },
      { passwordPolicies: [{ passwordMinimumLength: 8 }], locationMode: 'LOCATION_DISABLED' },
    );
    expect(changes).toEqual([
      {
        path: 'passwordPolicies[0].passwordMinimumLength',
        setting: 'passwordPolicies',
        before: 6,
        after: 8,
        kind: 'changed',
      },
      {
        path: 'locationMode',
        setting: 'locationMode',
        before: undefined,
        after: 'LOCATION_DISABLED',
        kind: 'added',
      },
      {
        path: 'cameraDisabled',
        setting: 'cameraDisabled',
        before: true,
        after: undefined,
        kind: 'removed',
      },
    ]);
  });

  it('sees no change in the order of keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
    );
  });
});

describe('a title inside a sentence', () => {
  it('is lower case but for its acronyms', () => {
    expect(lowerTitle('Versión de política MDM')).toBe('versión de política MDM');
    expect(lowerTitle('Managed app', 'en')).toBe('managed app');
    expect(lowerTitle('Aplicación gestionada')).toBe('aplicación gestionada');
  });
});
