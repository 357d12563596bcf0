import { describe, expect, it, vi } from 'vitest';
import type { TableColumn } from '../../../protocol/table-data';
import { tableDefinition } from '../../../src/custom/tables/tableDefinition';
import { createDataProvider } from '../../../src/dataProvider';
import { pageOf, withId } from '../../../src/dataProvider/definitionRows';
import { knowDefinition, resourceDefinition } from '../../../src/resources/declared';

const column = (name: string, type: string, extra: Partial<TableColumn> = {}): TableColumn => ({
  COLUMN_NAME: name,
  ORDINAL_POSITION: 1,
  COLUMN_DEFAULT: null,
  IS_NULLABLE: 'YES',
  DATA_TYPE: type,
  CHARACTER_MAXIMUM_LENGTH: null,
  PRIMARY_KEY: false,
  GENERATED: false,
  ...extra,
});

const CLIENTES = [
  column('id', 'text', { PRIMARY_KEY: true, IS_NULLABLE: 'NO' }),
  column('nombre', 'text'),
  column('visitas', 'integer'),
  column('actualizado', 'timestamp with time zone'),
];
const LINES = [
  column('pedido', 'integer', { PRIMARY_KEY: true }),
  column('linea', 'integer', { PRIMARY_KEY: true }),
  column('id', 'text'),
];

describe('a table as a definition made at run time', () => {
  it('lists through tablesData with the table fixed, every column with its type operators', () => {
    const definition = tableDefinition('gen_clientes', CLIENTES);
    expect(definition.key).toBe('id');
    expect(definition.keyFields).toBeUndefined();
    expect(definition.perPage).toEqual([100, 10, 20, 50, 500]);
    expect(definition.verbs.list?.call).toEqual({
      operation: 'tablesData',
      fixed: { source: 'project', table: 'gen_clientes', filter: 'gen_clientes' },
      answer: 'grid',
    });
    expect(definition.filterOperators).toEqual({
      id: [1, 2, 3, 4, 5, 6],
      nombre: [1, 2, 3, 4, 5, 6],
      visitas: [7, 8, 9, 10, 11, 12],
      actualizado: [1, 2],
    });
    expect(Object.keys(definition.verbs).sort()).toEqual(['create', 'edit', 'list']);
  });

  it('is read only on a system source and keyed by every key column of a compound key', () => {
    expect(Object.keys(tableDefinition('users', CLIENTES, 'IDS').verbs)).toEqual(['list']);
    expect(tableDefinition('lineas', LINES).keyFields).toEqual(['pedido', 'linea']);
  });
});

describe('a list call answering the SQL grid', () => {
  it('reads the grid as rows by column name, with the estimate', () => {
    const page = pageOf(
      {
        Columns: [{ colunName: 'id' }, { colunName: 'n' }],
        Datas: [['a', 1]],
        recordsTotal: 200_000,
        recordsEstimated: true,
      },
      'grid',
    );
    expect(page).toEqual({ data: [{ id: 'a', n: 1 }], total: 200_000, estimated: true });
  });

  it('keys a row of a compound key by the JSON of its key values', () => {
    const definition = tableDefinition('lineas', LINES);
    expect(withId(definition, { pedido: 7, linea: 2, id: 'x' }).id).toBe('[7,2]');
  });

  it('asks tablesData for a page of a known run-time definition, as a declared list', async () => {
    const definition = tableDefinition('gen_clientes', CLIENTES);
    knowDefinition(definition);
    expect(resourceDefinition(definition.name)).toBe(definition);
    const callService = vi.fn(async () => ({
      Columns: CLIENTES.map((c) => ({ colunName: c.COLUMN_NAME })),
      Datas: [['C-0003', 'Ferretería', 4, null]],
      recordsTotal: 1,
      recordsEstimated: false,
    }));
    const dataProvider = createDataProvider(callService as never);
    const answer = await dataProvider.getList(definition.name, {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'nombre', order: 'DESC' },
      filter: {
        database: 3,
        rowfilter: { visitas: '4', nombre: '' },
        rowfilteroper: { visitas: 9 },
      },
    });
    expect(callService).toHaveBeenCalledWith(
      'tablesData',
      {
        database: 3,
        source: 'project',
        table: 'gen_clientes',
        filter: 'gen_clientes',
        datatable: { start: 20, length: 20, orderBy: 'nombre', orderDir: 'desc' },
        rowfilter: { visitas: '4' },
        rowfilteroper: { visitas: 9 },
      },
      undefined,
    );
    expect(answer).toEqual({
      data: [{ id: 'C-0003', nombre: 'Ferretería', visitas: 4, actualizado: null }],
      total: 1,
    });
    // A total that is PostgreSQL's estimate is said in meta.
    callService.mockResolvedValueOnce({
      Columns: [],
      Datas: [],
      recordsTotal: 5e5,
      recordsEstimated: true,
    });
    const estimated = await dataProvider.getList(definition.name, { filter: { database: 3 } });
    expect(estimated).toEqual({ data: [], total: 5e5, meta: { totalEstimated: true } });
  });

  it('never replaces a declared resource by one made at run time', () => {
    const declared = resourceDefinition('environments');
    knowDefinition({ ...tableDefinition('x', CLIENTES), name: 'environments' });
    expect(resourceDefinition('environments')).toBe(declared);
  });
});
