/**
 * Texts of the top administrator's screens (/app/xoneadmin, /app/xoneges), the server log
 * (/app/logs) and the administrator's tools (/app/tools); merged into es.ts and en.ts.
 */
export const adminMessages = {
  es: {
    tools: {
      title: 'Herramientas',
      intro: 'Tareas de mantenimiento de su compañía. Cada una queda en el registro de acciones.',
      run: 'Ejecutar',
      purge: {
        title: 'Eliminar proyectos borrados',
        text: 'Elimina ya los proyectos marcados para borrar hace más de 30 días, sin esperar a la purga diaria.',
        done: 'Proyectos eliminados: %{n}',
        confirm:
          'Se eliminarán para siempre, con sus dispositivos y datos, los proyectos marcados para borrar hace más de 30 días. ¿Continuar?',
      },
      password: {
        title: 'Reenviar el correo de contraseña',
        text: 'Envía a un usuario un enlace nuevo para poner su contraseña.',
        login: 'Usuario',
        done: 'Correo enviado a %{email}',
        queued: 'El correo queda en la bandeja de salida para %{email}',
      },
      helpdesk: {
        title: 'Limpiar archivos de soporte',
        text: 'Borra los registros y capturas que enviaron los dispositivos hace más de los días indicados.',
        days: 'Días',
        done: 'Archivos borrados: %{n}',
        confirm: 'Se borrarán los archivos de soporte de hace más de %{days} días. ¿Continuar?',
      },
      export: {
        title: 'Exportar el registro de acciones',
        text: 'Abre el registro de acciones, con sus filtros y su exportación a Excel, CSV o PDF.',
        open: 'Abrir',
      },
      logs: {
        title: 'Registro del servidor',
        text: 'Lo que el servidor hizo con los proyectos y dispositivos: altas, bajas, órdenes fallidas, purgas.',
      },
    },
  },
  en: {
    tools: {
      title: 'Tools',
      intro: "Your company's maintenance tasks. Each one is recorded in the actions log.",
      run: 'Run',
      purge: {
        title: 'Purge deleted projects',
        text: 'Purges now the projects marked for deletion over 30 days ago, without waiting for the daily purge.',
        done: 'Projects purged: %{n}',
        confirm:
          'The projects marked for deletion over 30 days ago will be removed for good, with their devices and data. Continue?',
      },
      password: {
        title: 'Resend the password mail',
        text: 'Sends a user a new link to set their password.',
        login: 'User',
        done: 'Mail sent to %{email}',
        queued: 'The mail waits in the outbox for %{email}',
      },
      helpdesk: {
        title: 'Clear help-desk files',
        text: 'Deletes the logs and screenshots the devices sent longer ago than the days given.',
        days: 'Days',
        done: 'Files deleted: %{n}',
        confirm: 'The help-desk files older than %{days} days will be deleted. Continue?',
      },
      export: {
        title: 'Export the actions log',
        text: 'Opens the actions log, with its filters and its Excel, CSV or PDF export.',
        open: 'Open',
      },
      logs: {
        title: 'Server log',
        text: 'What the server did with the projects and devices: enrolments, deletions, failed commands, purges.',
      },
    },
  },
};
