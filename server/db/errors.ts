/** A PostgreSQL unique violation (23505) of the named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = error as { code?: string; constraint?: string } | null;
  return pg?.code === '23505' && pg.constraint === constraint;
}
