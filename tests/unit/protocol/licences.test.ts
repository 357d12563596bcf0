import { describe, expect, it } from 'vitest';
import {
  freeBannerTone,
  freeLicences,
  freeTone,
  licenceChange,
  percentOf,
  PURGE_AFTER_DAYS,
  usedTone,
} from '../../../protocol/licences';

describe('licenceChange (000 §5)', () => {
  const base = { assigned: 10, inUse: 4, free: 5 };

  it('does nothing when the count is unchanged, even above the free licences', () => {
    expect(licenceChange({ ...base, requested: 10 })).toEqual({ kind: 'unchanged' });
    expect(licenceChange({ assigned: 10, requested: 10, inUse: 12, free: 0 })).toEqual({
      kind: 'unchanged',
    });
  });

  it('refuses fewer than the licences in use', () => {
    expect(licenceChange({ ...base, requested: 3 })).toEqual({ kind: 'belowInUse', inUse: 4 });
    expect(licenceChange({ ...base, requested: 4 })).toEqual({ kind: 'decrease', delta: 6 });
  });

  it('refuses an increase above the free licences, allowing exactly them', () => {
    expect(licenceChange({ ...base, requested: 16 })).toEqual({ kind: 'noMoreLicences', free: 5 });
    expect(licenceChange({ ...base, requested: 15 })).toEqual({ kind: 'increase', delta: 5 });
    expect(licenceChange({ ...base, requested: 11, free: 0 })).toEqual({
      kind: 'noMoreLicences',
      free: 0,
    });
  });

  it('words a decrease as the number removed, whatever the free licences', () => {
    expect(licenceChange({ ...base, requested: 7, free: 0 })).toEqual({
      kind: 'decrease',
      delta: 3,
    });
  });

  it('checks the licences in use before the free ones', () => {
    // A project over-using its licences still cannot drop below its use.
    expect(licenceChange({ assigned: 2, requested: 3, inUse: 5, free: 0 })).toEqual({
      kind: 'belowInUse',
      inUse: 5,
    });
  });
});

describe('licence pool figures', () => {
  it('never answers negative free licences', () => {
    expect(freeLicences({ max: 100, assigned: 30 })).toBe(70);
    expect(freeLicences({ max: 10, assigned: 30 })).toBe(0);
  });

  it('rounds percentages and answers 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('colours assigned and used: green under 40, red over 70 (000 §9)', () => {
    expect([0, 39, 40, 70, 71, 100].map(usedTone)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'error',
      'error',
    ]);
  });

  it('colours free: red under 30, green over 60', () => {
    expect([0, 29, 30, 60, 61].map(freeTone)).toEqual([
      'error',
      'error',
      'warning',
      'warning',
      'success',
    ]);
  });

  it('colours the free banner: green over 50, warning over 20, else red', () => {
    expect([51, 50, 21, 20, 0].map(freeBannerTone)).toEqual([
      'success',
      'warning',
      'warning',
      'error',
      'error',
    ]);
  });

  it('purges after 30 days', () => {
    expect(PURGE_AFTER_DAYS).toBe(30);
  });
});
