import { describe, expect, it } from 'vitest';
import { checkStatement, selectionMode, usesMid, withMid } from '../../../protocol/selection';

describe('the statement check (000 §4, 001 §5)', () => {
  it('wants a statement', () => {
    expect(checkStatement('')).toBe('empty');
    expect(checkStatement('  \n ')).toBe('empty');
    expect(checkStatement('-- nada')).toBe('empty');
  });

  it('refuses the words that change data, an asterisk and a second statement', () => {
    for (const text of [
      'SELECT * FROM gen_a',
      'SELECT count(*) FROM gen_a',
      'SELECT id FROM gen_a WHERE x = 2*3',
      'INSERT INTO gen_a VALUES (1)',
      'update gen_a set x = 1',
      'SELECT id FROM gen_a; DROP TABLE gen_a',
      'SELECT id FROM gen_a; SELECT 2',
      'DELETE FROM gen_a',
      'TRUNCATE gen_a',
      'ALTER TABLE gen_a ADD x int',
      'WITH x AS (SELECT 1) SELECT id FROM gen_a',
      'VALUES (1)',
    ]) {
      expect(checkStatement(text), text).toBe('forbidden');
    }
  });

  it('reads words in literals, quoted names and comments as data', () => {
    expect(checkStatement("SELECT id FROM gen_a WHERE estado = 'delete *'")).toBeNull();
    expect(checkStatement('SELECT "update" FROM gen_a -- drop *')).toBeNull();
    expect(checkStatement('SELECT updated_at, id FROM gen_a')).toBeNull();
    expect(checkStatement('  (SELECT id FROM gen_a)')).toBeNull();
  });

  it('needs a MID for ##MID## in the code, not in a literal', () => {
    const text = 'SELECT id FROM gen_a WHERE dispositivo = ##MID##';
    expect(checkStatement(text)).toBe('midRequired');
    expect(checkStatement(text, ' ')).toBe('midRequired');
    expect(checkStatement(text, 'M-1')).toBeNull();
    expect(usesMid(text)).toBe(true);
    expect(usesMid("SELECT id FROM gen_a WHERE x = '##MID##'")).toBe(false);
  });

  it('puts a value in place of ##MID## in the code only', () => {
    expect(withMid("SELECT id FROM gen_a WHERE d = ##MID## AND n <> '##MID##'", "'M-1'")).toBe(
      "SELECT id FROM gen_a WHERE d = 'M-1' AND n <> '##MID##'",
    );
  });

  it('names the rule of a table', () => {
    expect(selectionMode({ SELECTED: false, ALWAYS: 1 })).toBe('none');
    expect(selectionMode({ SELECTED: true, ALWAYS: 1 })).toBe('all');
    expect(selectionMode({ SELECTED: true, ALWAYS: 0 })).toBe('criteria');
  });
});
