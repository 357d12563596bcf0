/** Messages of the free SQL tab of the tables screen. */
export const sqlConsoleMessages = {
  es: {
    sql_console: {
      editor: 'Sentencias SQL',
      help: 'Varias sentencias separadas por «;». Ctrl+Intro ejecuta. Ctrl+Espacio completa tablas y columnas.',
      run: 'Ejecutar',
      cancel: 'Cancelar',
      running: 'Ejecutando…',
      cancelled:
        'Ejecución cancelada: la sentencia se ha detenido y no se ha guardado ningún cambio.',
      empty: 'Debe introducir una consulta',
      read_only:
        'Solo lectura: las sentencias se ejecutan con el rol propio del proyecto en una transacción de solo lectura.',
      writable:
        'Las sentencias se ejecutan con el rol propio del proyecto, en una transacción: si una falla, no se guarda nada.',
      done: '%{smart_count} sentencia ejecutada |||| %{smart_count} sentencias ejecutadas',
      statement: 'Sentencia %{n} (%{command})',
      affected: '%{smart_count} fila afectada |||| %{smart_count} filas afectadas',
    },
  },
  en: {
    sql_console: {
      editor: 'SQL statements',
      help: 'Several statements separated by “;”. Ctrl+Enter runs. Ctrl+Space completes tables and columns.',
      run: 'Run',
      cancel: 'Cancel',
      running: 'Running…',
      cancelled: 'Run cancelled: the statement was stopped and no change was kept.',
      empty: 'Enter a query',
      read_only: "Read-only: statements run as the project's own role in a read-only transaction.",
      writable:
        "Statements run as the project's own role, in one transaction: if one fails, nothing is kept.",
      done: '%{smart_count} statement run |||| %{smart_count} statements run',
      statement: 'Statement %{n} (%{command})',
      affected: '%{smart_count} row affected |||| %{smart_count} rows affected',
    },
  },
};
