/** The bots' own buttons and dialogs (src/custom/bots/), both languages. */
export const botMessages = {
  es: {
    bots: {
      title: 'Bots',
      project: 'Proyecto',
      params: 'Proyecto',
      change_params: 'Cambiar de proyecto',
      choose: 'Elija el proyecto cuyos bots quiere ver; sin elegir, se ven los de todos.',
      apply: 'Ver',
      cancel: 'Cancelar',
      no_projects: 'No tiene proyectos: cree o importe uno antes de crear sus bots.',
      try: 'Probar',
      run: 'Ejecutar ahora',
      runs: 'Ejecuciones',
      dry_title: 'Prueba del bot «%{name}»',
      run_title: 'Ejecución del bot «%{name}»',
      working: 'Buscando los dispositivos…',
      would:
        'Se dispararía ahora en %{smart_count} dispositivo. |||| Se dispararía ahora en %{smart_count} dispositivos.',
      none: 'Ahora no se dispararía en ningún dispositivo.',
      shown: 'Los primeros: %{mids}',
      close: 'Cerrar',
      secret: 'Secreto del webhook',
      secret_title: 'Secreto del webhook del bot «%{name}»',
      secret_help:
        'Firma cada llamada: X-Flota-Signature es sha256= y el HMAC-SHA256 con este secreto de «X-Flota-Timestamp.cuerpo».',
      renew: 'Renovar',
    },
  },
  en: {
    bots: {
      title: 'Bots',
      project: 'Project',
      params: 'Project',
      change_params: 'Change project',
      choose:
        "Choose the project whose bots you want to see; until you do, every project's are shown.",
      apply: 'Show',
      cancel: 'Cancel',
      no_projects: 'You have no projects: create or import one before making its bots.',
      try: 'Try',
      run: 'Run now',
      runs: 'Runs',
      dry_title: 'Trying bot "%{name}"',
      run_title: 'Run of bot "%{name}"',
      working: 'Looking for the devices…',
      would:
        'It would fire now on %{smart_count} device. |||| It would fire now on %{smart_count} devices.',
      none: 'It would not fire on any device now.',
      shown: 'The first: %{mids}',
      close: 'Close',
      secret: 'Webhook secret',
      secret_title: 'Webhook secret of bot "%{name}"',
      secret_help:
        'It signs every call: X-Flota-Signature is sha256= and the HMAC-SHA256 with this secret of "X-Flota-Timestamp.body".',
      renew: 'Renew',
    },
  },
};
