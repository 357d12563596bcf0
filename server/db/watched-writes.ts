import {
  AliasNode,
  TableNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type OperationNode,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';

/** The tables every authenticated call reads (server/auth.ts, loadSessionUser). */
export const SESSION_TABLES = new Set(['users', 'companies', 'identity_clients', 'projects']);

/** What hears of the writes of the session's tables sent on this node. */
export interface WriteWatcher {
  /** A write was sent on a connection; called once per connection until it is released. */
  writeStarted(): void;
  /** That connection was released: its transaction committed or rolled back. */
  writeEnded(): void;
}

/** A `core` table of SESSION_TABLES, as a table node of Kysely's (alias or not). */
function isSessionTable(node: OperationNode | undefined): boolean {
  if (node === undefined) return false;
  if (AliasNode.is(node)) return isSessionTable(node.node);
  if (!TableNode.is(node)) return false;
  const { schema, identifier } = node.table;
  return schema?.name === 'core' && SESSION_TABLES.has(identifier.name);
}

/** The same in SQL text: a raw statement that inserts, updates, deletes or truncates one. */
const RAW_SESSION_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?"?core"?\s*\.\s*"?(?:users|companies|identity_clients|projects)\b/i;

/**
 * Whether a query writes one of the session's tables: the built statement's own table (insert,
 * update, delete, merge), one of its `WITH` statements', or a raw statement's SQL that names one.
 * It runs on every query: a look at one or two properties for a built one; a regular expression
 * only for raw SQL. PostgreSQL's notification covers whatever this misses, a little later.
 */
export function writesSessionTables(query: CompiledQuery): boolean {
  const node = query.query as RootOperationNode & {
    with?: { expressions: { expression: RootOperationNode }[] };
  };
  if (node.kind === 'RawNode') return RAW_SESSION_WRITE.test(query.sql);
  if (writesOwnTable(node)) return true;
  return node.with?.expressions.some(({ expression }) => writesOwnTable(expression)) ?? false;
}

function writesOwnTable(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return isSessionTable(node.into);
    case 'UpdateQueryNode':
      return isSessionTable(node.table);
    case 'DeleteQueryNode':
      return node.from.froms.some(isSessionTable);
    case 'MergeQueryNode':
      return isSessionTable(node.into);
    default:
      return false;
  }
}

/**
 * `driver` telling `watcher` of the writes of the session's tables: when one is sent, and when the
 * connection that sent it is released, after its transaction's commit or rollback (Kysely
 * releases a connection after every query outside a transaction). One place every query of a
 * `Db` passes, however it was built (a transaction, `withPlugin`, `withSchema`).
 */
export function watchWrites(driver: Driver, watcher: WriteWatcher): Driver {
  const watched = new WeakMap<DatabaseConnection, WatchedConnection>();
  const inner = (connection: DatabaseConnection) =>
    (connection as WatchedConnection).connection ?? connection;
  return {
    init: () => driver.init(),
    async acquireConnection() {
      const connection = await driver.acquireConnection();
      let wrapper = watched.get(connection);
      if (!wrapper) {
        wrapper = new WatchedConnection(connection, watcher);
        watched.set(connection, wrapper);
      }
      return wrapper;
    },
    beginTransaction: (connection, settings) =>
      driver.beginTransaction(inner(connection), settings),
    commitTransaction: (connection) => driver.commitTransaction(inner(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(inner(connection)),
    savepoint: driver.savepoint
      ? (connection, name, compile) => driver.savepoint!(inner(connection), name, compile)
      : undefined,
    rollbackToSavepoint: driver.rollbackToSavepoint
      ? (connection, name, compile) => driver.rollbackToSavepoint!(inner(connection), name, compile)
      : undefined,
    releaseSavepoint: driver.releaseSavepoint
      ? (connection, name, compile) => driver.releaseSavepoint!(inner(connection), name, compile)
      : undefined,
    async releaseConnection(connection) {
      try {
        await driver.releaseConnection(inner(connection));
      } finally {
        if (connection instanceof WatchedConnection) connection.released();
      }
    },
    destroy: () => driver.destroy(),
  };
}

/** A connection of the pool that notes whether it sent a write of the session's tables. */
class WatchedConnection implements DatabaseConnection {
  private wrote = false;

  constructor(
    readonly connection: DatabaseConnection,
    private readonly watcher: WriteWatcher,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.wrote && writesSessionTables(query)) {
      this.wrote = true;
      this.watcher.writeStarted();
    }
    return this.connection.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }

  released(): void {
    if (!this.wrote) return;
    this.wrote = false;
    this.watcher.writeEnded();
  }
}
