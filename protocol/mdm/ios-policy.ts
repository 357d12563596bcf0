import { z } from 'zod';

/**
 * An iOS/iPadOS policy: the settings of Apple's configuration-profile payloads, grouped by payload
 * and named by their keys, so that an Apple MDM connector can write each group as its payload of
 * a profile (docs/mdm.md, "iOS"): `passcode` is com.apple.mobiledevice.passwordpolicy,
 * `restrictions` com.apple.applicationaccess, `wifi` com.apple.wifi.managed, `appLock`
 * com.apple.app.lock (single-app mode, the kiosk), `softwareUpdate` the supervised deferral and
 * the install window, `apps` the managed apps to install (InstallApplication) or hide.
 */

const minutesOfDay = z.number().int().min(0).max(1439);

export const iosPolicy = z
  .strictObject({
    passcode: z
      .strictObject({
        forcePIN: z.boolean().optional(),
        minLength: z.number().int().min(0).max(16).optional(),
        requireAlphanumeric: z.boolean().optional(),
        maxFailedAttempts: z.number().int().min(2).max(11).optional(),
        maxPINAgeInDays: z.number().int().min(0).max(730).optional(),
        pinHistory: z.number().int().min(0).max(50).optional(),
      })
      .optional(),
    restrictions: z
      .strictObject({
        allowCamera: z.boolean().optional(),
        allowScreenShot: z.boolean().optional(),
        allowUSBRestrictedMode: z.boolean().optional(),
        allowEraseContentAndSettings: z.boolean().optional(),
        allowAppInstallation: z.boolean().optional(),
        allowUIConfigurationProfileInstallation: z.boolean().optional(),
        allowFindMyDevice: z.boolean().optional(),
      })
      .optional(),
    wifi: z
      .array(
        z.strictObject({
          SSID_STR: z.string().min(1).max(32),
          EncryptionType: z.enum(['None', 'WEP', 'WPA', 'WPA2', 'WPA3', 'Any']),
          Password: z.string().min(1).max(63).optional(),
          AutoJoin: z.boolean().optional(),
          HIDDEN_NETWORK: z.boolean().optional(),
        }),
      )
      .max(50)
      .optional(),
    apps: z
      .array(
        z.strictObject({
          identifier: z.string().regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/),
          installType: z.enum(['required', 'available', 'blocked']),
          autoUpdate: z.boolean().optional(),
        }),
      )
      .max(500)
      .optional(),
    softwareUpdate: z
      .strictObject({
        enforcedSoftwareUpdateDelay: z.number().int().min(1).max(90).optional(),
        installWindow: z
          .strictObject({ startMinutes: minutesOfDay, endMinutes: minutesOfDay })
          .optional(),
      })
      .optional(),
    appLock: z
      .strictObject({
        App: z.strictObject({
          Identifier: z.string().min(1),
          Options: z
            .strictObject({
              DisableTouch: z.boolean().optional(),
              DisableDeviceRotation: z.boolean().optional(),
              DisableVolumeButtons: z.boolean().optional(),
              DisableSleepWakeButton: z.boolean().optional(),
              DisableAutoLock: z.boolean().optional(),
            })
            .optional(),
        }),
      })
      .optional(),
  })
  .superRefine((policy, ctx) => {
    (policy.wifi ?? []).forEach((network, index) => {
      if (network.EncryptionType !== 'None' && !network.Password) {
        ctx.addIssue({
          code: 'custom',
          path: ['wifi', index, 'Password'],
          params: { rule: 'wifiNeedsPassphrase', value: network.SSID_STR },
        });
      }
    });
  });

export type IosPolicy = z.infer<typeof iosPolicy>;
