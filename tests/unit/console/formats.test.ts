import { describe, expect, it } from 'vitest';
import {
  formatCoordinate,
  formatDate,
  formatDateTime,
  formatNumber,
} from '../../../src/i18n/formats';

// One rule per language for every date and number the console shows (issue 17, defect 8).
describe('console formats', () => {
  const at = new Date(2026, 10, 23, 19, 57, 36);

  it('writes dates day first in Spanish and month first in English, with the whole year', () => {
    expect(formatDate(at, 'es')).toBe('23/11/2026');
    expect(formatDate(at, 'en')).toBe('11/23/2026');
    expect(formatDateTime(at, 'es')).toBe('23/11/2026, 19:57');
    expect(formatDateTime(at, 'en')).toBe('11/23/2026, 07:57 PM');
    expect(formatDateTime(at, 'es', { seconds: true })).toBe('23/11/2026, 19:57:36');
  });

  it('takes ISO texts and leaves what is not a date as it is', () => {
    expect(formatDateTime(at.toISOString(), 'es')).toBe('23/11/2026, 19:57');
    expect(formatDate(null, 'es')).toBe('');
    expect(formatDate('mañana', 'es')).toBe('mañana');
  });

  it('writes numbers and coordinates with the language separators on every screen', () => {
    expect(formatNumber(12345.6, 'es')).toBe('12.345,6');
    expect(formatNumber(12345.6, 'en')).toBe('12,345.6');
    expect(formatCoordinate(40.4165, 'es')).toBe('40,41650');
    expect(formatCoordinate(-3.70379, 'en')).toBe('-3.70379');
  });
});
