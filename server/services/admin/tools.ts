import { z } from 'zod';
import { isTopAdmin } from '../../../protocol/roles';
import { recordAction } from '../../actions-log';
import { fileStore } from '../../files/index';
import { HELPDESK_FOLDER, SCHEMA_PATTERN } from '../../helpdesk/store';
import { passwordLinkMail } from '../../identity/password-page';
import { writeServerLog } from '../../logs/server-log';
import { sendMail } from '../../mail';
import { purgeDeletedProjects } from '../../projects/purge';
import { defineOperation } from '../registry';
import { usersRefusal } from './users-texts';

/**
 * `/app/tools` (000 §2, "not shown" by the specification): the administrator's maintenance tasks,
 * each an operation with its permission check and its line in the actions log
 * (docs/decisions.md, "Top administrator, logs and tools").
 */

/** `toolPurgeDeleted` {}: purges now the company's projects marked deleted over 30 days ago. */
export const toolPurgeDeleted = defineOperation({
  name: 'toolPurgeDeleted',
  parameter: z.object({}),
  permission: 'admin',
  async handler(_parameter, ctx) {
    const { db, log, sandbox, user } = ctx;
    if (user.companyId === null) throw usersRefusal(user, 'noCompany');
    // The top administrator purges every company's, as the daily schedule does.
    const company = isTopAdmin(user.profile) ? undefined : user.companyId;
    const purged = await purgeDeletedProjects(db, new Date(), log, sandbox, company);
    await recordAction(ctx, 'tool_purge', { purged: purged.length });
    return { purged };
  },
});

/** `toolPasswordMail` {login}: mails a user of the company a new link to set their password. */
export const toolPasswordMail = defineOperation({
  name: 'toolPasswordMail',
  parameter: z.object({ login: z.string().trim().min(1).max(100) }),
  permission: 'admin',
  async handler({ login }, ctx) {
    const { db, config, user } = ctx;
    const target = await db
      .selectFrom('core.users')
      .select(['id', 'login', 'email', 'language'])
      .where((eb) => eb(eb.fn('lower', ['login']), '=', login.toLowerCase()))
      .$if(!isTopAdmin(user.profile), (query) => query.where('company_id', '=', user.companyId))
      .executeTakeFirst();
    if (!target) throw usersRefusal(user, 'userNotFound');
    const mail = await passwordLinkMail(db, config, target);
    const mailed = await sendMail({ db, config, log: ctx.log }, { to: target.email, ...mail })
      .then(() => true)
      .catch(() => false);
    await recordAction(ctx, 'tool_password_mail', { user: target.login, id: target.id });
    return { login: target.login, email: target.email, mailed };
  },
});

const DAY_MS = 24 * 3600 * 1000;

/**
 * `toolClearHelpdesk` {days}: deletes the help-desk files (logs, screenshots) older than `days`
 * of the company's projects, answering how many went; each project's count is a server-log line.
 */
export const toolClearHelpdesk = defineOperation({
  name: 'toolClearHelpdesk',
  parameter: z.object({ days: z.coerce.number().int().min(1).max(3650).default(90) }),
  permission: 'admin',
  async handler({ days }, ctx) {
    const { db, config, user } = ctx;
    if (user.companyId === null) throw usersRefusal(user, 'noCompany');
    const store = fileStore(config, db);
    const before = new Date(Date.now() - days * DAY_MS);
    const projects = await db
      .selectFrom('core.projects')
      .select(['numero', 'name', 'schema_name'])
      .where('company_id', '=', user.companyId)
      .execute();
    let files = 0;
    for (const project of projects) {
      if (!SCHEMA_PATTERN.test(project.schema_name)) continue;
      const old = (await store.list(`${HELPDESK_FOLDER}/${project.schema_name}/`)).filter(
        (file) => file.modified < before,
      );
      for (const file of old) if (await store.delete(file.key)) files += 1;
      if (old.length === 0) continue;
      await writeServerLog(db, {
        companyId: user.companyId,
        numero: project.numero,
        level: 'info',
        event: 'helpdesk_cleared',
        detail: { project: project.name, files: old.length, days, by: user.login },
      });
    }
    await recordAction(ctx, 'tool_helpdesk_cleared', { files, days });
    return { files };
  },
});
