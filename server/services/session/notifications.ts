import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { rowIdSchema } from '../../db/storable';
import { defineOperation } from '../registry';
import { sessionRefusal } from './texts';

/** The caller's notifications, newest first, paged in SQL (home screen). */
export const notifications = defineOperation({
  name: 'notifications',
  parameter: z.object({
    datatable: datatableSchema.default({ start: 0, length: 20, orderDir: 'desc' }),
  }),
  permission: 'user',
  async handler({ datatable }, { db, user }) {
    const mine = db.selectFrom('core.notifications').where('user_id', '=', user.id);
    const [rows, count] = await Promise.all([
      mine
        .select(['id', 'title', 'body', 'created_at', 'read_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map(({ read_at, ...row }) => ({ ...row, read: read_at !== null })),
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
