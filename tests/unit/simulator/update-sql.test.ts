import { describe, expect, it } from 'vitest';
import { LocalReplica } from '../../../simulator/replica-store';
import { runUpdateSql } from '../../../simulator/update-sql';

function replica(): LocalReplica {
  const local = new LocalReplica({ gen_clientes: ['id'] });
  local.seed('gen_clientes', [
    { id: 'C-1', nombre: 'Bar Manolo', telefono: '911000000', notas: null },
    { id: 'C-2', nombre: "L'Esquina", telefono: '933000000', notas: 'Cerrado lunes' },
  ]);
  return local;
}

describe('an update’s SQL on a simulated device’s copy', () => {
  it('runs plain one-row statements on the tables it keeps', () => {
    const local = replica();
    const outcome = runUpdateSql(
      local,
      `UPDATE gen_clientes SET telefono = '600111222', notas = 'Paga; al contado' WHERE id = 'C-1';
       delete from gen_clientes where id = 'C-2';
       INSERT INTO gen_clientes (id, nombre, telefono, notas) VALUES ('C-3', 'O''Donnell 4', NULL, 'Nuevo');`,
    );
    expect(outcome).toEqual({ applied: 3, recorded: [] });
    expect(local.rows('gen_clientes')).toEqual([
      { id: 'C-1', nombre: 'Bar Manolo', telefono: '600111222', notas: 'Paga; al contado' },
      { id: 'C-3', nombre: "O'Donnell 4", telefono: null, notas: 'Nuevo' },
    ]);
    // The copy's own queue is untouched: the server sent these, they are not the device's changes.
    expect(local.pending).toEqual([]);
  });

  it('records what it cannot run, and everything without a copy', () => {
    const local = replica();
    const script =
      'CREATE INDEX i ON gen_clientes (nombre); UPDATE gen_otros SET a = 1 WHERE id = 1; ' +
      "UPDATE gen_clientes SET telefono = '1' WHERE nombre = 'x'";
    expect(runUpdateSql(local, script).recorded).toEqual([
      'CREATE INDEX i ON gen_clientes (nombre)',
      'UPDATE gen_otros SET a = 1 WHERE id = 1',
      "UPDATE gen_clientes SET telefono = '1' WHERE nombre = 'x'",
    ]);
    expect(local.get('gen_clientes', { id: 'C-1' })?.telefono).toBe('911000000');
    expect(runUpdateSql(null, "DELETE FROM gen_clientes WHERE id = 'C-1'")).toEqual({
      applied: 0,
      recorded: ["DELETE FROM gen_clientes WHERE id = 'C-1'"],
    });
  });
});
