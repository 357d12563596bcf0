import { z } from 'zod';

/**
 * A Windows policy: the settings of the OMA-DM configuration service providers a Windows MDM
 * sets, grouped by CSP and named by their nodes (docs/mdm.md, "Windows"): `deviceLock` is
 * ./Device/Vendor/MSFT/Policy/Config/DeviceLock, `camera` …/Camera, `experience` …/Experience,
 * `connectivity` …/Connectivity, `wifi` the WiFi CSP's profiles, `applications` the
 * EnterpriseModernAppManagement CSP, `update` …/Update, `assignedAccess` the AssignedAccess CSP
 * (the kiosk), `system` …/System.
 */

export const windowsPolicy = z
  .strictObject({
    deviceLock: z
      .strictObject({
        DevicePasswordEnabled: z.boolean().optional(),
        MinDevicePasswordLength: z.number().int().min(4).max(16).optional(),
        AlphanumericDevicePasswordRequired: z.boolean().optional(),
        MaxDevicePasswordFailedAttempts: z.number().int().min(0).max(999).optional(),
        DevicePasswordExpiration: z.number().int().min(0).max(730).optional(),
        DevicePasswordHistory: z.number().int().min(0).max(50).optional(),
      })
      .optional(),
    camera: z.strictObject({ AllowCamera: z.boolean().optional() }).optional(),
    experience: z
      .strictObject({
        AllowScreenCapture: z.boolean().optional(),
        AllowManualMDMUnenrollment: z.boolean().optional(),
        AllowResetPhone: z.boolean().optional(),
      })
      .optional(),
    connectivity: z
      .strictObject({
        AllowUSBConnection: z.boolean().optional(),
      })
      .optional(),
    applicationManagement: z
      .strictObject({
        AllowDeveloperUnlock: z.boolean().optional(),
        AllowAllTrustedApps: z.boolean().optional(),
      })
      .optional(),
    wifi: z
      .array(
        z.strictObject({
          SSID: z.string().min(1).max(32),
          Authentication: z.enum(['open', 'WPA2PSK', 'WPA3SAE', 'WPA2']),
          KeyMaterial: z.string().min(8).max(63).optional(),
          ConnectionMode: z.enum(['auto', 'manual']).optional(),
        }),
      )
      .max(50)
      .optional(),
    applications: z
      .array(
        z.strictObject({
          PackageFamilyName: z.string().min(3).max(200),
          installType: z.enum(['required', 'available', 'blocked']),
        }),
      )
      .max(500)
      .optional(),
    update: z
      .strictObject({
        ActiveHoursStart: z.number().int().min(0).max(23).optional(),
        ActiveHoursEnd: z.number().int().min(0).max(23).optional(),
        DeferQualityUpdatesPeriodInDays: z.number().int().min(0).max(30).optional(),
        DeferFeatureUpdatesPeriodInDays: z.number().int().min(0).max(365).optional(),
      })
      .optional(),
    assignedAccess: z
      .strictObject({
        Account: z.string().min(1),
        AUMID: z.string().min(1),
      })
      .optional(),
    system: z
      .strictObject({
        /** 0: location forced off, 1: the user chooses, 2: forced on. */
        AllowLocation: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
      })
      .optional(),
  })
  .superRefine((policy, ctx) => {
    (policy.wifi ?? []).forEach((network, index) => {
      if (network.Authentication !== 'open' && !network.KeyMaterial) {
        ctx.addIssue({
          code: 'custom',
          path: ['wifi', index, 'KeyMaterial'],
          params: { rule: 'wifiNeedsPassphrase', value: network.SSID },
        });
      }
    });
  });

export type WindowsPolicy = z.infer<typeof windowsPolicy>;
