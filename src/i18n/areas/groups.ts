import { GROUP_MESSAGES } from '../../../protocol/groups';

/**
 * Texts of the Grupos tab of /app/setting (000 §2 "Group editor"); the specification's own
 * messages come from protocol/groups.ts. Merged into es.ts and en.ts.
 */
export const groupsMessages = {
  es: {
    groups: {
      messages: GROUP_MESSAGES.es,
      intro:
        'Un grupo reúne dispositivos de una misma plataforma y los usuarios que lo gestionan. Sincronizar crea en la plataforma de cada grupo un modelo con su nombre y anota el grupo en sus dispositivos; provisionar marca los dispositivos del grupo para recibir ese modelo.',
      sync: 'Sincronizar grupos',
      provision: 'Provisionar',
      provision_named: 'Provisionar el grupo %{name}',
      provision_title: '¿Provisionar el grupo «%{name}»?',
      provision_confirm:
        'Sus dispositivos quedarán marcados para provisionarse con el modelo «%{name}» en su próxima conexión.',
      saved: 'Grupo guardado',
      read_only: 'Solo lectura: no puede cambiar los grupos de este proyecto.',
      editor: {
        name: 'Nombre',
        description: 'Descripción',
        users: 'Usuarios',
        users_help: 'Usuarios con acceso al proyecto que gestionan el grupo.',
        search_user: 'Añadir usuario',
        no_users: 'El grupo no tiene usuarios.',
        publish: 'Publica actualizaciones',
        remove: 'Quitar',
        remove_named: 'Quitar %{name}',
        devices: 'Dispositivos del grupo (%{count})',
        no_devices: 'Aún no hay dispositivos en el grupo: añádalos desde la lista de abajo.',
        picker: 'Añadir dispositivos',
        picker_help:
          'Marque los dispositivos que quiere en el grupo; todos deben ser de la misma plataforma.',
        platform: 'Plataforma',
        all_platforms: 'Todas',
        filter: 'Filtrar por %{column}',
        filter_placeholder: 'Contiene…',
        in_group: 'En el grupo',
        select_named: 'Incluir %{name} en el grupo',
        loading: 'Cargando…',
        custom: 'Campos personalizados',
      },
      columns: {
        ID: 'ID',
        MID: 'MID',
        PIN: 'PIN',
        OWNER: 'Propietario',
        EMAIL: 'Correo electrónico',
        DEVICE_TYPE: 'Plataforma',
        LOGIN: 'Usuario',
      },
    },
  },
  en: {
    groups: {
      messages: GROUP_MESSAGES.en,
      intro:
        "A group brings together devices of one platform and the users who manage it. Synchronising creates, on each group's platform, a model named like the group and writes the group on its devices; provisioning marks the group's devices to receive that model.",
      sync: 'Synchronise groups',
      provision: 'Provision',
      provision_named: 'Provision group %{name}',
      provision_title: 'Provision group “%{name}”?',
      provision_confirm:
        'Its devices will be marked to be provisioned with model “%{name}” when they next connect.',
      saved: 'Group saved',
      read_only: "Read-only: you cannot change this project's groups.",
      editor: {
        name: 'Name',
        description: 'Description',
        users: 'Users',
        users_help: 'Users with access to the project who manage the group.',
        search_user: 'Add user',
        no_users: 'The group has no users.',
        publish: 'Publishes updates',
        remove: 'Remove',
        remove_named: 'Remove %{name}',
        devices: 'Devices of the group (%{count})',
        no_devices: 'The group has no devices yet: add them from the list below.',
        picker: 'Add devices',
        picker_help: 'Tick the devices you want in the group; all must be of the same platform.',
        platform: 'Platform',
        all_platforms: 'All',
        filter: 'Filter by %{column}',
        filter_placeholder: 'Contains…',
        in_group: 'In the group',
        select_named: 'Include %{name} in the group',
        loading: 'Loading…',
        custom: 'Custom fields',
      },
      columns: {
        ID: 'ID',
        MID: 'MID',
        PIN: 'PIN',
        OWNER: 'Owner',
        EMAIL: 'E-mail',
        DEVICE_TYPE: 'Platform',
        LOGIN: 'User',
      },
    },
  },
};
