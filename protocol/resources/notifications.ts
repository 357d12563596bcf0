import { TextOperator } from '../filters';
import { defineResource } from '../resource-definition';
import { field } from '../resource-schema';

/** The caller's notifications (home screen), newest first; marking read is a bulk action. */
export const NOTIFICATIONS = defineResource({
  name: 'notifications',
  title: {
    one: { es: 'Notificación', en: 'Notification' },
    many: { es: 'Notificaciones', en: 'Notifications' },
  },
  path: '/app/notifications',
  key: 'id',
  labelField: 'title',
  sort: { field: 'created_at', order: 'DESC' },
  perPage: [10, 25, 50],
  fields: [
    field('created_at', 'datetime', { label: { es: 'Fecha', en: 'Date' } }),
    field('title', 'text', { label: { es: 'Título', en: 'Title' }, filter: false, sort: false }),
    field('body', 'longtext', {
      label: { es: 'Mensaje', en: 'Message' },
      filter: false,
      sort: false,
    }),
    field('read', 'boolean', {
      label: { es: 'Leída', en: 'Read' },
      sort: false,
      computed: true,
    }),
  ],
  rowColours: [{ field: 'read', equals: false, colour: 'info' }],
  // The title and body are written in the reader's language from a key: SQL cannot filter them.
  filterOperators: { created_at: [TextOperator.contains, TextOperator.notContains] },
  verbs: {
    list: { permission: { role: 'user' }, call: { operation: 'notifications' } },
  },
  bulk: [
    {
      name: 'markRead',
      label: { es: 'Marcar como leídas', en: 'Mark as read' },
      permission: { role: 'user' },
      call: { operation: 'notificationRead', id: 'id' },
    },
  ],
});
