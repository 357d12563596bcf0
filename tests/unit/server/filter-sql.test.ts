import { describe, expect, it } from 'vitest';
import { integerComparison } from '../../../server/db/filter-sql';

describe('integerComparison', () => {
  it('keeps whole numbers and rounds fractions the way that keeps the answer', () => {
    expect(integerComparison(9, 3)).toEqual({ operator: 9, value: 3 });
    expect(integerComparison(7, 2.5)).toBe('none');
    expect(integerComparison(8, 2.5)).toBe('any');
    expect(integerComparison(9, 2.5)).toEqual({ operator: 9, value: 3 });
    expect(integerComparison(10, 2.5)).toEqual({ operator: 10, value: 2 });
    expect(integerComparison(11, 2.5)).toEqual({ operator: 11, value: 2 });
    expect(integerComparison(12, 2.5)).toEqual({ operator: 12, value: 3 });
    expect(integerComparison(12, -2.5)).toEqual({ operator: 12, value: -2 });
  });

  it('keeps huge values inside the range of bigint', () => {
    expect(integerComparison(9, 1e20)).toEqual({ operator: 9, value: 2 ** 62 });
    expect(integerComparison(11, -1e300)).toEqual({ operator: 11, value: -(2 ** 62) });
  });
});
