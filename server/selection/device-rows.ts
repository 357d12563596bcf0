/**
 * The rows of one `gen_` table a device receives by its selection rules (001 §3 "Selection
 * record", docs/replication.md "Who receives what"): a WHERE condition on the table's rows for
 * the device `mid`, or null when the table is not replicated to it. `purpose` 'provision' uses the
 * provisioning criteria (SELECTIVE 10) where a table has them.
 *
 * Until the selection rules land: every row (the demo `gen_` tables carry no MID column; the
 * target MID is the operation's, docs/replication.md).
 */
export async function selectedRowsCondition(
  _client: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> },
  _schema: string,
  _table: string,
  _mid: string,
  _purpose: 'replica' | 'provision',
): Promise<string | null> {
  return 'TRUE';
}
