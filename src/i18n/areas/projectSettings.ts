import { MODEL_NOEMPTY } from '../../../protocol/resources/platform-models';

/**
 * Texts of the Plataformas and Replicador tabs of /app/setting (src/custom/settings/); merged
 * into es.ts and en.ts. `configuration.noempty` is the specification's key of the empty model
 * name's message (000 §5), the same text the server refuses with.
 */
export const projectSettingsMessages = {
  es: {
    configuration: { noempty: MODEL_NOEMPTY.es },
    projectSettings: {
      denied: 'Su acceso a este proyecto no incluye «%{area}».',
      platforms: {
        intro:
          'Las plataformas de los dispositivos del proyecto. Una plataforma desactivada no se ofrece al dar de alta o editar un dispositivo; los que ya la tienen la conservan.',
      },
      models: {
        intro:
          'Los modelos que se ofrecen para cada plataforma en la ficha del dispositivo. Cambiar el nombre o borrar un modelo no cambia los dispositivos que ya lo tienen.',
      },
      replicator: {
        intro:
          'Cómo replica el servidor los datos de este proyecto con sus dispositivos. Los cambios se aplican en unos segundos, sin reiniciar. Abra un ajuste para cambiar su valor.',
        details: 'Clave %{key} · %{category} · %{type}',
        value: 'Valor',
        saved: 'Ajuste «%{label}» guardado',
      },
      dateOrders: {
        ymd: 'Año, mes, día',
        dmy: 'Día, mes, año',
        ydm: 'Año, día, mes',
      },
      engines: {
        sqlite: 'SQLite',
        sqlcipher: 'SQLCipher (SQLite cifrado)',
        postgresql: 'PostgreSQL',
        sqlserver: 'SQL Server',
        mysql: 'MySQL',
        oracle: 'Oracle',
      },
      logLevels: {
        0: '0 · Emergencia',
        1: '1 · Alerta',
        2: '2 · Crítico',
        3: '3 · Error (solo fallos)',
        4: '4 · Aviso (lotes con rechazos)',
        5: '5 · Nota',
        6: '6 · Información',
        7: '7 · Depuración (cada lote)',
      },
      help: {
        APPLY_BATCH:
          'Cuántas operaciones recibidas aplica el servidor en cada transacción (1 a 10000). Más, aplica más deprisa; menos, bloquea menos tiempo cada vez.',
        CORRECTIONS:
          'Si el servidor rechaza una operación de un dispositivo (clave duplicada, fila que no existe), le envía la fila como la tiene el servidor para que no se quede con un cambio que nadie más tiene.',
        ERRORS_KEPT:
          'Cuántos errores de replicación se guardan de cada dispositivo; los más antiguos se borran.',
        LOG_LEVEL:
          'Qué escribe el replicador en el registro del servidor: con 4 o más, una línea por lote con operaciones rechazadas; con 7, una por cada lote.',
        FETCH_MAX:
          'Cuántas operaciones recibe como mucho un dispositivo en cada llamada, pida las que pida.',
        IQUEUE_RETENTION_DAYS:
          'Días que se guardan las operaciones ya aplicadas que ningún dispositivo tiene pendientes; 0 las guarda siempre.',
        DATE_ORDER: 'El orden de día, mes y año que usa la aplicación del dispositivo.',
        DB_ENGINE: 'El motor de la base de datos local de la aplicación del dispositivo.',
      },
    },
  },
  en: {
    configuration: { noempty: MODEL_NOEMPTY.en },
    projectSettings: {
      denied: 'Your access to this project does not include “%{area}”.',
      platforms: {
        intro:
          'The platforms of the project’s devices. A platform switched off is not offered when a device is added or edited; devices that have it keep it.',
      },
      models: {
        intro:
          'The models offered for each platform in the device’s dialog. Renaming or removing a model does not change the devices that have it.',
      },
      replicator: {
        intro:
          'How the server replicates this project’s data with its devices. Changes apply within seconds, without a restart. Open a setting to change its value.',
        details: 'Key %{key} · %{category} · %{type}',
        value: 'Value',
        saved: 'Setting “%{label}” saved',
      },
      dateOrders: {
        ymd: 'Year, month, day',
        dmy: 'Day, month, year',
        ydm: 'Year, day, month',
      },
      engines: {
        sqlite: 'SQLite',
        sqlcipher: 'SQLCipher (encrypted SQLite)',
        postgresql: 'PostgreSQL',
        sqlserver: 'SQL Server',
        mysql: 'MySQL',
        oracle: 'Oracle',
      },
      logLevels: {
        0: '0 · Emergency',
        1: '1 · Alert',
        2: '2 · Critical',
        3: '3 · Error (failures only)',
        4: '4 · Warning (batches with refusals)',
        5: '5 · Notice',
        6: '6 · Informational',
        7: '7 · Debug (every batch)',
      },
      help: {
        APPLY_BATCH:
          'How many received operations the server applies in each transaction (1 to 10000). More applies faster; fewer holds locks for less time each.',
        CORRECTIONS:
          'When the server refuses a device’s operation (duplicate key, missing row), it sends the device the row as the server has it, so that it does not keep a change nobody else has.',
        ERRORS_KEPT: 'How many replication errors are kept per device; the oldest are removed.',
        LOG_LEVEL:
          'What the replicator writes to the server log: from 4, a line per batch with refused operations; at 7, one for every batch.',
        FETCH_MAX: 'The most operations a device receives in one call, whatever it asks for.',
        IQUEUE_RETENTION_DAYS:
          'Days applied operations that no device still waits for are kept; 0 keeps them for ever.',
        DATE_ORDER: 'The order of day, month and year the device’s app uses.',
        DB_ENGINE: 'The engine of the device app’s local database.',
      },
    },
  },
};
