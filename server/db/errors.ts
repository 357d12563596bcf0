/** A PostgreSQL unique violation (23505) of the named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = error as { code?: string; constraint?: string } | null;
  return pg?.code === '23505' && pg.constraint === constraint;
}

/**
 * SQLSTATEs of a value the database cannot take (PostgreSQL appendix A): a text too long for its
 * column (22001), a number out of range (22003), a date it cannot read (22007, 22008), a
 * character UTF-8 or the database cannot hold (22021, 22P05: NUL in jsonb), text that is not
 * the number or JSON it should be (22P02), a LIKE pattern ending in its escape (22025), and a
 * value past a limit of the engine (54000: an index row too large; 54001: nesting too deep).
 */
const VALUE_REFUSED = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22025',
  '22P02',
  '22P05',
  '54000',
  '54001',
]);

/**
 * An error of PostgreSQL about a value it was given, which the caller can correct: answered as a
 * refusal, never as an internal error. Validation refuses these values first; this is the net
 * for those no schema foresaw.
 */
export function isValueRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && VALUE_REFUSED.has(code);
}

/**
 * The database is not there: refused connections, a server shutting down or starting
 * (57P01–57P03), a connection lost (08xxx) or cut under a query. Answered 503, and logged once
 * a minute with a count, not once per request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08/.test(code))) return true;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
  return typeof message === 'string' && /^Connection terminated/.test(message);
}

/** PostgreSQL broke a deadlock by failing this statement (40P01): it may simply run again. */
function isDeadlock(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '40P01';
}

/**
 * Runs `work`, and again (three times in all) when PostgreSQL broke a deadlock by failing it:
 * for statements that lock rows in a fixed order, where only another writer can cause one.
 */
export async function againAfterDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isDeadlock(error)) throw error;
    }
  }
}
