import { describe, expect, it, vi } from 'vitest';
import {
  cachedSource,
  completionWords,
  tablesIn,
  type CompletionSource,
} from '../../../src/custom/tables/sql/sqlCompletion';

const source: CompletionSource = {
  tables: async () => ['gen_clientes', 'gen_pedidos', 'devices'],
  columns: async (table) =>
    ({ gen_clientes: ['id', 'nombre'], gen_pedidos: ['id', 'importe'], devices: ['MID'] })[table] ??
    [],
};

describe('SQL completion', () => {
  it('finds the tables a text names, as whole words and in any case', () => {
    expect(
      tablesIn('select * from GEN_PEDIDOS p join gen_clientes_x', ['gen_clientes', 'gen_pedidos']),
    ).toEqual(['gen_pedidos']);
  });

  it('offers every table and the columns of the tables named', async () => {
    const words = await completionWords('SELECT  FROM gen_pedidos', 'SELECT ', source);
    expect(words).toEqual([
      { label: 'id', kind: 'column', detail: 'gen_pedidos' },
      { label: 'importe', kind: 'column', detail: 'gen_pedidos' },
      { label: 'gen_clientes', kind: 'table' },
      { label: 'gen_pedidos', kind: 'table' },
      { label: 'devices', kind: 'table' },
    ]);
  });

  it("after a table name and a dot, offers only that table's columns", async () => {
    const words = await completionWords('SELECT gen_clientes.', 'SELECT gen_clientes.', source);
    expect(words.map((word) => word.label)).toEqual(['id', 'nombre']);
  });

  it('asks the server once per table, and again after a failure', async () => {
    const columns = vi
      .fn<(table: string) => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(['id']);
    const cached = cachedSource({ tables: async () => ['t'], columns });
    await expect(cached.columns('t')).rejects.toThrow('offline');
    expect(await cached.columns('t')).toEqual(['id']);
    expect(await cached.columns('t')).toEqual(['id']);
    expect(columns).toHaveBeenCalledTimes(2);
  });
});
