/** Messages of device provisioning (device list submenu, the device dialog's Provision tab). */
export const provisioningMessages = {
  es: {
    provisioning: {
      menu: {
        title: 'Provisión',
        provInstall: 'Instalación',
        provConfigaration: 'Configuración',
        provDatabase: 'Base de datos',
        provDatabaseSafe: 'Base de datos segura',
        provSendMailInstall: 'Enviar correo de instalación',
        mailAll: 'Enviar correo de instalación a todos',
        provDeleteDatabaseSafe: 'Borrar base de datos segura',
      },
      confirm: {
        provInstall:
          '¿Instalar la aplicación en %{smart_count} dispositivo? |||| ¿Instalar la aplicación en %{smart_count} dispositivos?',
        provConfigaration:
          '¿Enviar la configuración a %{smart_count} dispositivo? |||| ¿Enviar la configuración a %{smart_count} dispositivos?',
        provDatabase:
          '¿Provisionar la base de datos a %{smart_count} dispositivo? Recibirá una copia nueva de sus datos. |||| ¿Provisionar la base de datos a %{smart_count} dispositivos? Cada uno recibirá una copia nueva de sus datos.',
        provDatabaseSafe:
          '¿Provisionar la base de datos segura a %{smart_count} dispositivo? |||| ¿Provisionar la base de datos segura a %{smart_count} dispositivos?',
        provSendMailInstall:
          '¿Enviar el correo de instalación a %{smart_count} dispositivo? |||| ¿Enviar el correo de instalación a %{smart_count} dispositivos?',
        mailAll: '¿Enviar el correo de instalación a todos los dispositivos con correo?',
        provDeleteDatabaseSafe:
          '¿Borrar la base de datos segura de %{smart_count} dispositivo? |||| ¿Borrar la base de datos segura de %{smart_count} dispositivos?',
      },
      done: {
        tasks: 'Provisión correcta: %{created} tareas nuevas, %{waiting} ya pendientes.',
        mail: 'EMail enviado OK: %{sent} correos; sin dirección: %{without}.',
        deleted:
          'Borrado pedido a %{deleted} dispositivos; %{running} en curso, %{none} sin base de datos segura.',
      },
      provfail: 'Operación fallida: %{description}',
      tab: 'Provisión',
      log: 'Registro de la tarea %{id}',
      pick: 'Elija una tarea para ver su registro.',
    },
  },
  en: {
    provisioning: {
      menu: {
        title: 'Provisioning',
        provInstall: 'Install',
        provConfigaration: 'Configuration',
        provDatabase: 'Database',
        provDatabaseSafe: 'Secure database',
        provSendMailInstall: 'Send install mail',
        mailAll: 'Send install mail to all',
        provDeleteDatabaseSafe: 'Delete secure database',
      },
      confirm: {
        provInstall:
          'Install the app on %{smart_count} device? |||| Install the app on %{smart_count} devices?',
        provConfigaration:
          'Send the configuration to %{smart_count} device? |||| Send the configuration to %{smart_count} devices?',
        provDatabase:
          'Provision the database to %{smart_count} device? It will receive a fresh copy of its data. |||| Provision the database to %{smart_count} devices? Each will receive a fresh copy of its data.',
        provDatabaseSafe:
          'Provision the secure database to %{smart_count} device? |||| Provision the secure database to %{smart_count} devices?',
        provSendMailInstall:
          'Send the install mail to %{smart_count} device? |||| Send the install mail to %{smart_count} devices?',
        mailAll: 'Send the install mail to every device with an e-mail address?',
        provDeleteDatabaseSafe:
          'Delete the secure database of %{smart_count} device? |||| Delete the secure database of %{smart_count} devices?',
      },
      done: {
        tasks: 'Provisioning ordered: %{created} new tasks, %{waiting} already pending.',
        mail: 'E-mail sent: %{sent} messages; without an address: %{without}.',
        deleted:
          'Deletion ordered on %{deleted} devices; %{running} running, %{none} without a secure database.',
      },
      provfail: 'Operation failed: %{description}',
      tab: 'Provisioning',
      log: 'Log of task %{id}',
      pick: 'Choose a task to see its log.',
    },
  },
};
