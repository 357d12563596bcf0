import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { filterKind, operatorsFor } from '../../../protocol/filters';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { USERS } from '../../../protocol/resources/users';
import { definitionFilters } from '../../../server/resources/definition-filters';
import { ServiceError } from '../../../server/services/registry';
import { createRegistry } from '../../../server/services';

const db = new Kysely<{ t: Record<string, unknown> }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const COLUMNS = {
  login: sql.ref('t.login'),
  rights: sql.ref('t.rights'),
  projects: sql.ref('t.projects'),
  active: sql.ref('t.active'),
  created_at: sql.ref('t.created_at'),
};

/** The WHERE clause and its parameters for a call's filters. */
function compiled(given: Parameters<typeof definitionFilters>[2], language = 'es') {
  const where = definitionFilters(USERS, COLUMNS, given, { language });
  const query = db.selectFrom('t').selectAll().where(where).compile();
  return { sql: query.sql.replace(/^select \* from "t" where /, ''), parameters: query.parameters };
}

describe('the declared lists filter operators', () => {
  it('name only filter fields, with operators of their type', () => {
    for (const definition of Object.values(RESOURCE_DEFINITIONS)) {
      for (const [source, codes] of Object.entries(definition.filterOperators ?? {})) {
        const field = definition.fields.find((f) => f.source === source);
        expect(field?.filter, `${definition.name}.${source}`).toBe(true);
        const typed = operatorsFor(filterKind(field!.type));
        for (const code of codes) expect(typed, `${definition.name}.${source}`).toContain(code);
      }
    }
  });

  it('are taken by the list operations that declare them', () => {
    const registry = createRegistry();
    for (const name of ['companies', 'actions', 'users', 'environments', 'notifications']) {
      const definition = RESOURCE_DEFINITIONS[name as keyof typeof RESOURCE_DEFINITIONS];
      const call = definition.verbs.list!.call as { operation: string };
      const given = { rowfilter: { a: 'x' }, rowfilteroper: { a: '3' } };
      const parsed = registry.get(call.operation)!.parameter.parse(given) as typeof given;
      expect(parsed.rowfilteroper, name).toEqual({ a: 3 });
    }
  });
});

describe('definitionFilters', () => {
  it('writes each operator as bound SQL on the column the operation gives', () => {
    const { sql: where, parameters } = compiled({
      rowfilter: { login: 'mar', projects: '2', created_at: '2025-01-01~2025-12-31' },
      rowfilteroper: { login: 3, projects: 11 },
    });
    expect(where).toBe(
      '(lower("t"."login") LIKE lower($1) and "t"."projects" > $2::int8 and ' +
        '("t"."created_at" >= $3 and "t"."created_at" < $4))',
    );
    expect(parameters.slice(0, 2)).toEqual(['mar%', 2]);
  });

  it('takes the plain filter values with their one operator, a yes/no by its text', () => {
    const { sql: where, parameters } = compiled({
      filter: { q: 'x', rights: 'USUARIO', active: false },
    });
    expect(where).toBe(
      '(lower("t"."rights") = lower($1) and lower(("t"."active")::text) = lower($2))',
    );
    expect(parameters).toEqual(['USUARIO', 'false']);
    expect(compiled({}).sql).toBe('1 = 1');
  });

  it('refuses what the list does not take, naming the field by its label', () => {
    const refusal = (given: Parameters<typeof definitionFilters>[2], language = 'es') => {
      try {
        compiled(given, language);
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal({ rowfilter: { password: 'x' } })).toBe(
      'No se puede filtrar por la columna Contraseña: no es filtrable en esta lista.',
    );
    expect(refusal({ rowfilteroper: { nope: 1 } }, 'en')).toBe(
      'Cannot filter by column nope: this list has no such column.',
    );
    expect(refusal({ rowfilter: { projects: 'x' }, rowfilteroper: { projects: 7 } })).toBe(
      'La columna Proyectos es numérica y el filtro «x» no es un número.',
    );
    expect(
      refusal({ rowfilter: { created_at: '2025-01-01' }, rowfilteroper: { created_at: 5 } }, 'en'),
    ).toBe('Column Created does not take operator 5 in this list (it takes 1, 2).');
  });
});
