/** Where the SQL editor's completion finds the project's tables and their columns. */
export interface CompletionSource {
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
}

export interface CompletionWord {
  label: string;
  kind: 'table' | 'column';
  /** The table a column belongs to. */
  detail?: string;
}

/** The known tables the text names, as whole words, in the order of `tables`. */
export function tablesIn(text: string, tables: string[]): string[] {
  const words = new Set(text.toLowerCase().match(/[a-z_][a-z0-9_$]*/g) ?? []);
  return tables.filter((table) => words.has(table.toLowerCase()));
}

/**
 * What to offer at the cursor: every table, and the columns of the tables the text names
 * already (a column is offered once per table that has it). After `name.`, only that table's
 * columns when `name` is one of them.
 */
export async function completionWords(
  text: string,
  before: string,
  source: CompletionSource,
): Promise<CompletionWord[]> {
  const tables = await source.tables();
  const qualifier = /([A-Za-z_][A-Za-z0-9_$]*)\.\w*$/.exec(before)?.[1]?.toLowerCase();
  const qualified = tables.find((table) => table.toLowerCase() === qualifier);
  const named = qualified ? [qualified] : tablesIn(text, tables);
  const columns = await Promise.all(
    named.map(async (table) =>
      (await source.columns(table)).map<CompletionWord>((label) => ({
        label,
        kind: 'column',
        detail: table,
      })),
    ),
  );
  const tableWords = qualified
    ? []
    : tables.map<CompletionWord>((label) => ({ label, kind: 'table' }));
  return [...columns.flat(), ...tableWords];
}

/** A source that asks once per table (and once for the list) while the tab is open. */
export function cachedSource(load: CompletionSource): CompletionSource {
  let tables: Promise<string[]> | null = null;
  const columns = new Map<string, Promise<string[]>>();
  const retryOnFailure = <T>(promise: Promise<T>, forget: () => void) =>
    promise.catch((error: unknown) => {
      forget();
      throw error;
    });
  return {
    tables: () =>
      (tables ??= retryOnFailure(load.tables(), () => {
        tables = null;
      })),
    columns: (table) => {
      let found = columns.get(table);
      if (!found) {
        found = retryOnFailure(load.columns(table), () => columns.delete(table));
        columns.set(table, found);
      }
      return found;
    },
  };
}
