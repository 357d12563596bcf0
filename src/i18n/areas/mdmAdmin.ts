/** Texts of the MDM dashboard and the iOS / Windows settings (src/custom/mdmdash, mdmconfig). */
export const mdmAdminMessages = {
  es: {
    mdmdash: {
      platforms: 'Inscritos por plataforma',
      enrolled: '%{count} dispositivo gestionado |||| %{count} dispositivos gestionados',
      compliance: 'Cumplimiento de la política',
      reasons: 'Motivos de incumplimiento más frecuentes',
      attention: 'Pendiente de atención',
      pending: 'Esperan aprobación',
      in_flight: 'Órdenes en curso',
      unseen: 'Sin contacto en 7 días',
      no_devices: 'Todavía no hay dispositivos gestionados.',
      no_reasons: 'Ningún dispositivo incumple su política.',
      user_devices: 'Sus dispositivos',
    },
    mdmconfig: {
      read_only: 'Solo lectura: solo un administrador de la empresa cambia estos ajustes.',
      ios: {
        intro:
          'El certificado push de Apple (APNs) con el que el servidor despierta a los dispositivos iOS. Se pide con la solicitud de firma en el portal de certificados push de Apple y se renueva cada año con el mismo tema.',
        none: 'Todavía no hay certificado APNs: súbalo para inscribir dispositivos iOS.',
        none_read: 'Todavía no hay certificado APNs: sin él no se inscriben dispositivos iOS.',
        valid: 'Certificado vigente hasta el %{date}.',
        soon: 'El certificado caduca el %{date} (en %{days} días): renuévelo en el portal de Apple y suba el nuevo antes de esa fecha.',
        expired:
          'El certificado caducó el %{date}: los dispositivos iOS no reciben órdenes hasta que suba uno renovado.',
        topic: 'Tema (UID)',
        subject: 'Sujeto',
        expiry: 'Caduca',
        upload: 'Subir certificado',
        renew: 'Renovar certificado',
        formats: 'Certificado en PEM (.pem) o DER (.cer), de hasta 64 KB.',
        too_large: 'El archivo pasa de 64 KB: no es un certificado.',
        uploaded: 'Certificado APNs guardado.',
      },
      windows: {
        intro:
          'La inscripción de equipos Windows (MS-MDE2): el dominio de las cuentas, la URL de descubrimiento que consultan, la política que reciben al inscribirse y si se admiten inscripciones.',
        none: 'La organización Windows no existe todavía: se crea al guardar.',
        none_read: 'La organización Windows no existe todavía.',
        pending:
          'Falta el dominio UPN o la URL de descubrimiento para que los equipos se inscriban.',
        bound: 'Inscripción de Windows configurada.',
      },
    },
  },
  en: {
    mdmdash: {
      platforms: 'Enrolled by platform',
      enrolled: '%{count} managed device |||| %{count} managed devices',
      compliance: 'Policy compliance',
      reasons: 'Most frequent non-compliance reasons',
      attention: 'Needing attention',
      pending: 'Awaiting approval',
      in_flight: 'Commands in flight',
      unseen: 'Not seen for 7 days',
      no_devices: 'There are no managed devices yet.',
      no_reasons: 'No device is out of compliance.',
      user_devices: 'Their devices',
    },
    mdmconfig: {
      read_only: 'Read only: only a company administrator changes these settings.',
      ios: {
        intro:
          "The Apple push certificate (APNs) the server wakes iOS devices with. It is requested with the signing request in Apple's push certificates portal and renewed every year with the same topic.",
        none: 'There is no APNs certificate yet: upload it to enrol iOS devices.',
        none_read: 'There is no APNs certificate yet: without it no iOS device enrols.',
        valid: 'Certificate valid until %{date}.',
        soon: "The certificate expires on %{date} (in %{days} days): renew it in Apple's portal and upload the new one before then.",
        expired:
          'The certificate expired on %{date}: iOS devices get no commands until a renewed one is uploaded.',
        topic: 'Topic (UID)',
        subject: 'Subject',
        expiry: 'Expires',
        upload: 'Upload certificate',
        renew: 'Renew certificate',
        formats: 'A PEM (.pem) or DER (.cer) certificate, up to 64 KB.',
        too_large: 'The file is over 64 KB: it is not a certificate.',
        uploaded: 'APNs certificate saved.',
      },
      windows: {
        intro:
          "Windows device enrolment (MS-MDE2): the accounts' domain, the discovery URL devices ask, the policy they get on enrolling and whether enrolment is allowed.",
        none: 'The Windows organization does not exist yet: saving creates it.',
        none_read: 'The Windows organization does not exist yet.',
        pending: 'Devices need the UPN domain and the discovery URL to enrol.',
        bound: 'Windows enrolment is set up.',
      },
    },
  },
};
