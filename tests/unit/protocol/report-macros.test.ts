import { describe, expect, it } from 'vitest';
import { fillMacros, parseMacros, rowLimit } from '../../../protocol/report-macros';
import { firstKeyword, splitStatements } from '../../../protocol/sql-text';

const filled = (sql: string, values: Record<string, string> = {}) => {
  const result = fillMacros(sql, values);
  if (!('sql' in result)) throw new Error(JSON.stringify(result.problem));
  return result.sql;
};

describe('report macros: ##KEY##, (default), [options] (001 §5)', () => {
  it('finds each key once, with its default and options and their texts', () => {
    const sql = `SELECT * FROM devices WHERE "OWNER" = ##OWNER## AND "STATUS" = ##STATUS[0,1,2](1)##
      AND "CREATED" > ##FROM(2026-01-01)## AND "PENDIENTE" = ##P[0=Activo,1=Retenido]## OR "OWNER" = ##OWNER(x)##`;
    expect(parseMacros(sql)).toEqual([
      { key: 'OWNER', value: '', combo: [], combotext: [] },
      { key: 'STATUS', value: '1', combo: ['0', '1', '2'], combotext: ['0', '1', '2'] },
      { key: 'FROM', value: '2026-01-01', combo: [], combotext: [] },
      { key: 'P', value: '', combo: ['0', '1'], combotext: ['Activo', 'Retenido'] },
    ]);
  });

  it('takes the default written after the options too, and ignores macros in comments', () => {
    expect(parseMacros('SELECT ##A(5)[1,5]##, ##B[x,y](y)## -- ##C##\n/* ##D## */')).toEqual([
      { key: 'A', value: '5', combo: ['1', '5'], combotext: ['1', '5'] },
      { key: 'B', value: 'y', combo: ['x', 'y'], combotext: ['x', 'y'] },
    ]);
  });

  it('asks for every macro without value or default', () => {
    expect(fillMacros('SELECT ##A##, ##B(2)##, ##C##', { C: 'c' })).toEqual({
      problem: { reason: 'empty', keys: ['A'] },
    });
    expect(fillMacros('SELECT ##A##', { A: '' })).toEqual({
      problem: { reason: 'empty', keys: ['A'] },
    });
  });

  it('puts a value in code as an E literal whose quotes and backslashes cannot end it', () => {
    expect(filled(`SELECT 1 WHERE x = ##V##`, { V: `a'; DROP TABLE t; --\\` })).toBe(
      `SELECT 1 WHERE x =  E'a''; DROP TABLE t; --\\\\' `,
    );
    expect(filled('SELECT ##N(7)## + 1')).toBe(`SELECT  E'7'  + 1`);
  });

  it('fills a macro inside a literal, a quoted name or an E literal in their own quoting', () => {
    expect(filled(`SELECT 1 WHERE n LIKE '%##Q##%'`, { Q: "O'Neil" })).toBe(
      `SELECT 1 WHERE n LIKE '%O''Neil%'`,
    );
    expect(filled(`SELECT "##C##" FROM t`, { C: 'a"b' })).toBe(`SELECT "a""b" FROM t`);
    expect(filled(`SELECT E'##V##'`, { V: `\\'` })).toBe(`SELECT E'\\\\'''`);
  });

  it('refuses what the place cannot hold whatever the session settings: \\ in a plain literal, $ in a dollar body, NUL', () => {
    expect(fillMacros(`SELECT '##V##'`, { V: `\\' OR true --` })).toEqual({
      problem: { reason: 'unsafe', key: 'V', character: '\\' },
    });
    expect(fillMacros('SELECT $q$##V##$q$', { V: '$q$; DROP' })).toEqual({
      problem: { reason: 'unsafe', key: 'V', character: '$' },
    });
    expect(fillMacros('SELECT ##V##', { V: 'a\0b' })).toEqual({
      problem: { reason: 'unsafe', key: 'V', character: 'NUL' },
    });
  });

  it('keeps the 100-row default for -666 and bounds other limits', () => {
    expect(rowLimit(-666)).toBe(100);
    expect(rowLimit(undefined)).toBe(100);
    expect(rowLimit(5)).toBe(5);
    expect(rowLimit(1e9)).toBe(10_000);
  });
});

describe('SQL statements split where PostgreSQL splits them', () => {
  it('splits at ; in code only', () => {
    const text = `SELECT ';' AS a; -- x; y\nSELECT "a;b" FROM t;/* ; */ SELECT $f$ ; $f$;\n;  -- only\n`;
    expect(splitStatements(text)).toEqual([
      `SELECT ';' AS a`,
      `-- x; y\nSELECT "a;b" FROM t`,
      `/* ; */ SELECT $f$ ; $f$`,
    ]);
  });

  it('reads the first keyword past comments and parentheses', () => {
    expect(firstKeyword('/* a */ -- b\n (select 1)')).toBe('SELECT');
    expect(firstKeyword('with x as (select 1) select * from x')).toBe('WITH');
    expect(firstKeyword('-- nothing')).toBe('');
  });
});
