import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { NOTIFICATIONS } from '../../../protocol/resources/notifications';
import { rowIdSchema } from '../../db/storable';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { defineOperation } from '../registry';
import { readableNotification } from './notification-texts';
import { sessionRefusal } from './texts';

/**
 * The SQL of the declared filter fields. The title and body are written in the reader's language
 * from their key (notification-texts.ts), so SQL cannot filter them: they are not filter fields.
 */
const FILTER_COLUMNS = { created_at: sql.ref('created_at'), read: sql`read_at IS NOT NULL` };

/** The caller's notifications, newest first, paged and filtered in SQL (home screen). */
export const notifications = defineOperation({
  name: 'notifications',
  parameter: z.object({
    // Newest first by default; the list may turn it round (orderBy can only be the date).
    datatable: datatableSchema
      .extend({
        orderBy: z.enum(['created_at']).default('created_at'),
        orderDir: z.enum(['asc', 'desc']).default('desc'),
      })
      .default({ start: 0, length: 20, orderBy: 'created_at', orderDir: 'desc' }),
    filter: plainFilterSchema({}),
    ...rowFilterParameters,
  }),
  permission: 'user',
  async handler({ datatable, filter, ...given }, { db, user }) {
    const filters = definitionFilters(NOTIFICATIONS, FILTER_COLUMNS, { filter, ...given }, user);
    const mine = db.selectFrom('core.notifications').where('user_id', '=', user.id).where(filters);
    const [rows, count] = await Promise.all([
      mine
        .select(['id', 'title', 'body', 'text_key', 'vars', 'created_at', 'read_at'])
        .orderBy('created_at', datatable.orderDir)
        .orderBy('id', datatable.orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map(({ read_at, ...row }) => ({
        ...readableNotification(row, user),
        read: read_at !== null,
      })),
      total: count.total,
    };
  },
});

export const notificationRead = defineOperation({
  name: 'notificationRead',
  parameter: z.object({ id: rowIdSchema }),
  permission: 'user',
  async handler({ id }, { db, user }) {
    const result = await db
      .updateTable('core.notifications')
      .set({ read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw sessionRefusal(user, 'notificationNotFound');
    return true;
  },
});
