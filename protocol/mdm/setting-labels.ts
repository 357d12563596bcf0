import type { PolicyPlatform } from './policy-schema';

type Label = { es: string; en: string };

/**
 * The name of each top-level setting of a platform's policy for a person, so that a refusal or a
 * diff says "Contraseña" beside `passwordPolicies[0].passwordMinimumLength`.
 */
export const SETTING_LABELS: Record<PolicyPlatform, Record<string, Label>> = {
  android: {
    passwordPolicies: { es: 'Requisitos de contraseña', en: 'Password requirements' },
    cameraDisabled: { es: 'Cámara desactivada', en: 'Camera disabled' },
    screenCaptureDisabled: {
      es: 'Capturas de pantalla desactivadas',
      en: 'Screen capture disabled',
    },
    usbDataAccess: { es: 'Acceso a datos por USB', en: 'USB data access' },
    advancedSecurityOverrides: { es: 'Seguridad avanzada', en: 'Advanced security' },
    openNetworkConfiguration: { es: 'Redes wifi', en: 'Wifi networks' },
    applications: { es: 'Aplicaciones', en: 'Applications' },
    systemUpdate: { es: 'Actualización del sistema', en: 'System update' },
    kioskCustomization: { es: 'Personalización del kiosco', en: 'Kiosk customisation' },
    locationMode: { es: 'Modo de ubicación', en: 'Location mode' },
    factoryResetDisabled: {
      es: 'Restablecimiento de fábrica desactivado',
      en: 'Factory reset disabled',
    },
  },
  ios: {
    passcode: { es: 'Código de acceso', en: 'Passcode' },
    restrictions: { es: 'Restricciones', en: 'Restrictions' },
    wifi: { es: 'Redes wifi', en: 'Wifi networks' },
    apps: { es: 'Aplicaciones', en: 'Applications' },
    softwareUpdate: { es: 'Actualización de software', en: 'Software update' },
    appLock: { es: 'Modo de una sola app (kiosco)', en: 'Single app mode (kiosk)' },
  },
  windows: {
    deviceLock: { es: 'Bloqueo del dispositivo', en: 'Device lock' },
    camera: { es: 'Cámara', en: 'Camera' },
    experience: { es: 'Experiencia', en: 'Experience' },
    connectivity: { es: 'Conectividad', en: 'Connectivity' },
    applicationManagement: { es: 'Gestión de aplicaciones', en: 'Application management' },
    wifi: { es: 'Redes wifi', en: 'Wifi networks' },
    applications: { es: 'Aplicaciones', en: 'Applications' },
    update: { es: 'Windows Update', en: 'Windows Update' },
    assignedAccess: { es: 'Acceso asignado (kiosco)', en: 'Assigned access (kiosk)' },
    system: { es: 'Sistema', en: 'System' },
  },
};

/** The label of the setting group a path is in, or null for an unknown one. */
export function settingLabel(
  platform: PolicyPlatform,
  path: readonly PropertyKey[],
  language: 'es' | 'en',
): string | null {
  const top = path[0];
  if (typeof top !== 'string' || !Object.hasOwn(SETTING_LABELS[platform], top)) return null;
  return SETTING_LABELS[platform][top][language];
}
