import { describe, expect, it } from 'vitest';
import { isValueRefused } from '../../../server/db/errors';
import {
  describeUnstorable,
  findUnstorable,
  MAX_NESTING,
  rowIdSchema,
} from '../../../server/db/storable';

const nestedArrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('findUnstorable', () => {
  it('accepts any text UTF-8 can hold, emoji and accents included', () => {
    expect(
      findUnstorable({ q: 'Núñez 📱', list: ['a', 1, null, true], n: 2 ** 40 }, 'p'),
    ).toBeNull();
    expect(findUnstorable('plain', 'p')).toBeNull();
    expect(findUnstorable(undefined, 'p')).toBeNull();
  });

  it('finds a NUL in a value, naming where it is', () => {
    expect(findUnstorable({ filter: { q: 'a\u0000' } }, 'parameter')).toEqual({
      path: 'parameter.filter.q',
      reason: 'nul',
    });
    expect(findUnstorable({ rows: [['ok'], ['x', '\u0000']] }, 'message')).toEqual({
      path: 'message.rows[1][1]',
      reason: 'nul',
    });
  });

  it('finds a lone surrogate at either end of a pair, and in a key', () => {
    expect(findUnstorable({ a: 'x\uD800' }, 'p')?.reason).toBe('surrogate');
    expect(findUnstorable({ a: '\uDC00x' }, 'p')?.reason).toBe('surrogate');
    expect(findUnstorable({ a: '\uDC00\uD800' }, 'p')?.reason).toBe('surrogate');
    expect(findUnstorable({ 'bad\u0000key': 1 }, 'p')).toEqual({
      path: 'p["bad\uFFFDkey"]',
      reason: 'nul',
    });
  });

  it('reports the first problem in the order of the text', () => {
    expect(findUnstorable({ a: ['ok', '\uD800'], b: '\u0000' }, 'p')?.path).toBe('p.a[1]');
  });

  it(`accepts ${MAX_NESTING} levels of nesting and refuses one more, without recursion`, () => {
    expect(findUnstorable(nestedArrays(MAX_NESTING), 'p')).toBeNull();
    expect(findUnstorable(nestedArrays(MAX_NESTING + 1), 'p')?.reason).toBe('nesting');
    expect(findUnstorable(nestedArrays(200_000), 'p')?.reason).toBe('nesting');
  });

  it('describes the problem in Spanish and English', () => {
    const found = { path: 'body.owner', reason: 'nul' } as const;
    expect(describeUnstorable(found, 'es')).toBe(
      'body.owner contiene el carácter nulo (U+0000), que no se puede guardar.',
    );
    expect(describeUnstorable({ path: 'p', reason: 'nesting' }, 'en')).toBe(
      `p nests lists or objects more than ${MAX_NESTING} levels deep.`,
    );
  });
});

describe('rowIdSchema', () => {
  it('takes the ids an integer column holds and no larger', () => {
    expect(rowIdSchema.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(rowIdSchema.safeParse(2 ** 31).success).toBe(false);
    expect(rowIdSchema.safeParse(0).success).toBe(false);
  });
});

describe('isValueRefused', () => {
  it("knows PostgreSQL's errors about a value, and nothing else", () => {
    for (const code of ['22003', '22P05', '22021', '22001', '22P02', '54000']) {
      expect(isValueRefused({ code }), code).toBe(true);
    }
    for (const error of [{ code: '23505' }, { code: '57P01' }, new Error('x'), null, 'text']) {
      expect(isValueRefused(error)).toBe(false);
    }
  });
});
