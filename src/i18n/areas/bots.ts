/** The bots' own buttons and dialogs (src/custom/bots/), both languages. */
export const botMessages = {
  es: {
    bots: {
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
    },
  },
  en: {
    bots: {
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
    },
  },
};
