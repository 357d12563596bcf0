/**
 * Texts of company user administration (/app/users) and of the factory inputs it brought: the
 * many-reference checklist and the availability of a value; merged into es.ts and en.ts.
 */
export const usersMessages = {
  es: {
    menu: { users: 'Usuarios' },
    factory: {
      checklist: { all: 'Todos', none: 'Ninguno' },
      available: {
        checking: 'Comprobando…',
        yes: 'Disponible',
        taken: 'No disponible: ya lo usa otro usuario.',
      },
    },
    users: {
      lock: 'Bloquear',
      unlock: 'Desbloquear',
      lock_title: 'Bloquear a %{name}',
      unlock_title: 'Desbloquear a %{name}',
      lock_content:
        '%{name} no podrá entrar ni usar Flota hasta que lo desbloquee. Sus sesiones abiertas dejan de funcionar.',
      unlock_content: '%{name} podrá volver a entrar en Flota.',
      locked: 'Usuario bloqueado',
      unlocked: 'Usuario desbloqueado',
    },
  },
  en: {
    menu: { users: 'Users' },
    factory: {
      checklist: { all: 'All', none: 'None' },
      available: {
        checking: 'Checking…',
        yes: 'Available',
        taken: 'Not available: another user has it.',
      },
    },
    users: {
      lock: 'Lock',
      unlock: 'Unlock',
      lock_title: 'Lock %{name}',
      unlock_title: 'Unlock %{name}',
      lock_content:
        '%{name} will not be able to sign in or use Flota until you unlock them. Their open sessions stop working.',
      unlock_content: '%{name} will be able to sign in to Flota again.',
      locked: 'User locked',
      unlocked: 'User unlocked',
    },
  },
};
