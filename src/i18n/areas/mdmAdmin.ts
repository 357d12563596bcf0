/** Texts of the MDM dashboard and the iOS / Windows settings (src/custom/mdmdash, mdmconfig). */
export const mdmAdminMessages = {
  es: {
    mdmdash: {
      platforms: 'Inscritos por plataforma',
      enrolled: '%{count} dispositivos gestionados',
      compliance: 'Cumplimiento de la política',
      reasons: 'Motivos de incumplimiento más frecuentes',
      attention: 'Pendiente de atención',
      pending: 'Esperan aprobación',
      in_flight: 'Órdenes en curso',
      unseen: 'Sin contacto en 7 días',
      no_devices: 'Todavía no hay dispositivos gestionados.',
      no_reasons: 'Ningún dispositivo incumple su política.',
    },
  },
  en: {
    mdmdash: {
      platforms: 'Enrolled by platform',
      enrolled: '%{count} managed devices',
      compliance: 'Policy compliance',
      reasons: 'Most frequent non-compliance reasons',
      attention: 'Needing attention',
      pending: 'Awaiting approval',
      in_flight: 'Commands in flight',
      unseen: 'Not seen for 7 days',
      no_devices: 'There are no managed devices yet.',
      no_reasons: 'No device is out of compliance.',
    },
  },
};
