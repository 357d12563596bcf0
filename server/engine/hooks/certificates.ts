import { sql, type SqlBool } from 'kysely';
import { fileStore } from '../../files/index';
import { replaceShares } from '../../services/organization/certificates';
import type { HookContext, ResourceHooks } from '../hooks';

/**
 * The certificates' rules (002 §3 Certificate, §7; docs/resources.md, "Mapped tables"): the engine
 * serves their list, show, edit and delete on core.certificates. A company reads its own and
 * those shared with it (`seen`), with the owner's name and the companies each is shared with; it
 * edits and deletes only its own (the engine's writes keep the company's rows). An edit replaces
 * the shares (many to many, `shared`, no column: the hook writes it); the sealed file goes once
 * the delete is committed. The upload (it parses the keystore) and the specification's
 * `shareCertificate` stay hand-written in server/services/organization/.
 */

/** A certificate (`alias`) the company owns or that is shared with it. */
export const seenBy = (companyId: number, alias = 't') =>
  sql<SqlBool>`(${sql.ref(`${alias}.company_id`)} = ${companyId} OR EXISTS (SELECT 1
    FROM core.certificate_shares s WHERE s.certificate_id = ${sql.ref(`${alias}.id`)}
    AND s.company_id = ${companyId}))`;

async function removeFileAfter(before: { id?: unknown }, hook: HookContext) {
  const { file_key } = await hook.trx
    .selectFrom('core.certificates')
    .select('file_key')
    .where('id', '=', Number(before.id))
    .executeTakeFirstOrThrow();
  const { ctx } = hook;
  hook.afterCommit?.(() =>
    fileStore(ctx.config, ctx.db)
      .delete(file_key)
      .then(() => undefined),
  );
}

export const certificatesHooks: ResourceHooks = {
  seen: (company) => seenBy(company),
  sql: {
    owner: sql`(SELECT o.name FROM core.companies o WHERE o.id = t.company_id)`,
    shared: sql`coalesce((SELECT array_agg(s.company_id ORDER BY s.company_id)
      FROM core.certificate_shares s WHERE s.certificate_id = t.id), '{}')`,
    shared_names: sql`coalesce((SELECT string_agg(c.name, ', ' ORDER BY c.name)
      FROM core.certificate_shares s JOIN core.companies c ON c.id = s.company_id
      WHERE s.certificate_id = t.id), '')`,
  },
  // The companies it is shared with, replaced in the edit's transaction (the engine compares
  // them with the stored ones for the revision, and writes no column of them).
  async beforeEdit(changes, before, hook) {
    if (!Array.isArray(changes.shared)) return changes;
    const ids = changes.shared.map(Number);
    const { after } = await replaceShares(hook.ctx, hook.trx, Number(before.id), ids);
    return { ...changes, shared: after };
  },
  beforeDelete: removeFileAfter,
  // As the list answered them before: the owner's id and whether the caller's company owns it.
  async present(rows, ctx) {
    return rows.map((row) => ({
      ...row,
      company_id: row.owner_id,
      mine: row.owner_id === ctx.user.companyId,
    }));
  },
};
