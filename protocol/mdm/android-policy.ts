import { z } from 'zod';

/**
 * An Android policy, shaped as the Android Management API's `Policy` resource
 * (enterprises.policies, https://developers.google.com/android/management/reference/rest/v1/enterprises.policies):
 * the same field names and enum values, so a later connector can push the stored document to
 * Google as it is. Only the settings a fleet needs today (docs/mdm.md, "Policies"); every object
 * is strict, so a misspelt setting is refused by its name instead of being ignored.
 */

const minutesOfDay = z.number().int().min(0).max(1439);

export const passwordPolicy = z.strictObject({
  passwordScope: z.enum(['SCOPE_UNSPECIFIED', 'SCOPE_DEVICE', 'SCOPE_PROFILE']).optional(),
  passwordQuality: z
    .enum([
      'PASSWORD_QUALITY_UNSPECIFIED',
      'BIOMETRIC_WEAK',
      'SOMETHING',
      'NUMERIC',
      'NUMERIC_COMPLEX',
      'ALPHABETIC',
      'ALPHANUMERIC',
      'COMPLEX',
    ])
    .optional(),
  passwordMinimumLength: z.number().int().min(0).max(16).optional(),
  passwordHistoryLength: z.number().int().min(0).max(50).optional(),
  maximumFailedPasswordsForWipe: z.number().int().min(0).max(100).optional(),
  /** A duration as the API writes it: seconds with an `s`, `"7776000s"` (90 days). */
  passwordExpirationTimeout: z
    .string()
    .regex(/^\d+s$/)
    .optional(),
  requirePasswordUnlock: z
    .enum([
      'REQUIRE_PASSWORD_UNLOCK_UNSPECIFIED',
      'USE_DEFAULT_DEVICE_TIMEOUT',
      'REQUIRE_EVERY_DAY',
    ])
    .optional(),
});

export const androidApplication = z.strictObject({
  packageName: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/),
  installType: z
    .enum([
      'INSTALL_TYPE_UNSPECIFIED',
      'PREINSTALLED',
      'FORCE_INSTALLED',
      'BLOCKED',
      'AVAILABLE',
      'REQUIRED_FOR_SETUP',
      'KIOSK',
    ])
    .optional(),
  autoUpdateMode: z
    .enum([
      'AUTO_UPDATE_MODE_UNSPECIFIED',
      'AUTO_UPDATE_DEFAULT',
      'AUTO_UPDATE_POSTPONED',
      'AUTO_UPDATE_HIGH_PRIORITY',
    ])
    .optional(),
  /** Allowed to pin itself in lock-task mode beside the kiosk app. */
  lockTaskAllowed: z.boolean().optional(),
  disabled: z.boolean().optional(),
  minimumVersionCode: z.number().int().min(0).optional(),
  defaultPermissionPolicy: z
    .enum(['PERMISSION_POLICY_UNSPECIFIED', 'PROMPT', 'GRANT', 'DENY'])
    .optional(),
});

/** One wifi network of the Open Network Configuration the API takes (`openNetworkConfiguration`). */
const wifiNetwork = z.strictObject({
  GUID: z.string().min(1).max(64),
  Name: z.string().max(64).optional(),
  Type: z.literal('WiFi'),
  WiFi: z.strictObject({
    SSID: z.string().min(1).max(32),
    Security: z.enum(['None', 'WEP-PSK', 'WPA-PSK', 'WPA-EAP']),
    Passphrase: z.string().min(1).max(63).optional(),
    AutoConnect: z.boolean().optional(),
    HiddenSSID: z.boolean().optional(),
  }),
});

export const androidPolicy = z
  .strictObject({
    passwordPolicies: z.array(passwordPolicy).max(2).optional(),
    cameraDisabled: z.boolean().optional(),
    screenCaptureDisabled: z.boolean().optional(),
    usbDataAccess: z
      .enum([
        'USB_DATA_ACCESS_UNSPECIFIED',
        'ALLOW_USB_DATA_TRANSFER',
        'DISALLOW_USB_FILE_TRANSFER',
        'DISALLOW_USB_DATA_TRANSFER',
      ])
      .optional(),
    advancedSecurityOverrides: z
      .strictObject({
        developerSettings: z
          .enum([
            'DEVELOPER_SETTINGS_UNSPECIFIED',
            'DEVELOPER_SETTINGS_DISABLED',
            'DEVELOPER_SETTINGS_ALLOWED',
          ])
          .optional(),
        untrustedAppsPolicy: z
          .enum([
            'UNTRUSTED_APPS_POLICY_UNSPECIFIED',
            'DISALLOW_INSTALL',
            'ALLOW_INSTALL_IN_PERSONAL_PROFILE_ONLY',
            'ALLOW_INSTALL_DEVICE_WIDE',
          ])
          .optional(),
        googlePlayProtectVerifyApps: z
          .enum([
            'GOOGLE_PLAY_PROTECT_VERIFY_APPS_UNSPECIFIED',
            'VERIFY_APPS_ENFORCED',
            'VERIFY_APPS_USER_CHOICE',
          ])
          .optional(),
      })
      .optional(),
    openNetworkConfiguration: z
      .strictObject({ NetworkConfigurations: z.array(wifiNetwork).max(50) })
      .optional(),
    applications: z.array(androidApplication).max(500).optional(),
    systemUpdate: z
      .strictObject({
        type: z.enum(['SYSTEM_UPDATE_TYPE_UNSPECIFIED', 'AUTOMATIC', 'WINDOWED', 'POSTPONE']),
        startMinutes: minutesOfDay.optional(),
        endMinutes: minutesOfDay.optional(),
      })
      .optional(),
    kioskCustomization: z
      .strictObject({
        powerButtonActions: z
          .enum([
            'POWER_BUTTON_ACTIONS_UNSPECIFIED',
            'POWER_BUTTON_AVAILABLE',
            'POWER_BUTTON_BLOCKED',
          ])
          .optional(),
        systemErrorWarnings: z
          .enum([
            'SYSTEM_ERROR_WARNINGS_UNSPECIFIED',
            'ERROR_AND_WARNINGS_ENABLED',
            'ERROR_AND_WARNINGS_MUTED',
          ])
          .optional(),
        systemNavigation: z
          .enum([
            'SYSTEM_NAVIGATION_UNSPECIFIED',
            'NAVIGATION_ENABLED',
            'NAVIGATION_DISABLED',
            'HOME_BUTTON_ONLY',
          ])
          .optional(),
        statusBar: z
          .enum([
            'STATUS_BAR_UNSPECIFIED',
            'NOTIFICATIONS_AND_SYSTEM_INFO_ENABLED',
            'NOTIFICATIONS_AND_SYSTEM_INFO_DISABLED',
            'SYSTEM_INFO_ONLY',
          ])
          .optional(),
        deviceSettings: z
          .enum([
            'DEVICE_SETTINGS_UNSPECIFIED',
            'SETTINGS_ACCESS_ALLOWED',
            'SETTINGS_ACCESS_BLOCKED',
          ])
          .optional(),
      })
      .optional(),
    locationMode: z
      .enum([
        'LOCATION_MODE_UNSPECIFIED',
        'LOCATION_USER_CHOICE',
        'LOCATION_ENFORCED',
        'LOCATION_DISABLED',
      ])
      .optional(),
    factoryResetDisabled: z.boolean().optional(),
  })
  .superRefine((policy, ctx) => {
    const kiosk = (policy.applications ?? []).filter((app) => app.installType === 'KIOSK');
    if (kiosk.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['applications'], params: { rule: 'oneKioskApp' } });
    }
    if (policy.kioskCustomization && kiosk.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['kioskCustomization'],
        params: { rule: 'kioskWithoutApp' },
      });
    }
    const seen = new Set<string>();
    (policy.applications ?? []).forEach((app, index) => {
      if (seen.has(app.packageName)) {
        ctx.addIssue({
          code: 'custom',
          path: ['applications', index, 'packageName'],
          params: { rule: 'repeatedApp', value: app.packageName },
        });
      }
      seen.add(app.packageName);
    });
    const update = policy.systemUpdate;
    if (
      update?.type === 'WINDOWED' &&
      (update.startMinutes === undefined || update.endMinutes === undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['systemUpdate'],
        params: { rule: 'windowNeedsTimes' },
      });
    }
    policy.openNetworkConfiguration?.NetworkConfigurations.forEach((network, index) => {
      if (network.WiFi.Security !== 'None' && !network.WiFi.Passphrase) {
        ctx.addIssue({
          code: 'custom',
          path: ['openNetworkConfiguration', 'NetworkConfigurations', index, 'WiFi', 'Passphrase'],
          params: { rule: 'wifiNeedsPassphrase', value: network.WiFi.SSID },
        });
      }
    });
  });

export type AndroidPolicy = z.infer<typeof androidPolicy>;
