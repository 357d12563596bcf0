import Polyglot from 'node-polyglot';
import { describe, expect, it } from 'vitest';
import { presenceMessages } from '../../../src/i18n/areas/presence';
import { relativeTime, relativeTimeText } from '../../../src/resources/presence/relativeTime';

const now = new Date('2026-11-29T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function textIn(language: 'es' | 'en') {
  const polyglot = new Polyglot({ phrases: presenceMessages[language], locale: language });
  return (then: Date) => relativeTimeText(then, now, (key, options) => polyglot.t(key, options));
}

describe('relative time of "last seen"', () => {
  it('chooses the unit, rounding down', () => {
    expect(relativeTime(ago(59_000), now)).toEqual({ unit: 'now', count: 0 });
    expect(relativeTime(ago(-5 * MIN), now)).toEqual({ unit: 'now', count: 0 });
    expect(relativeTime(ago(3 * MIN + 59_000), now)).toEqual({ unit: 'minutes', count: 3 });
    expect(relativeTime(ago(59 * MIN), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(relativeTime(ago(2 * HOUR), now)).toEqual({ unit: 'hours', count: 2 });
    expect(relativeTime(ago(DAY), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(45 * DAY), now)).toEqual({ unit: 'months', count: 1 });
    expect(relativeTime(ago(800 * DAY), now)).toEqual({ unit: 'years', count: 2 });
  });

  it('reads in Spanish', () => {
    const text = textIn('es');
    expect(text(ago(10_000))).toBe('ahora mismo');
    expect(text(ago(3 * MIN))).toBe('hace 3 min');
    expect(text(ago(5 * HOUR))).toBe('hace 5 h');
    expect(text(ago(DAY))).toBe('hace 1 día');
    expect(text(ago(4 * DAY))).toBe('hace 4 días');
    expect(text(ago(70 * DAY))).toBe('hace 2 meses');
    expect(text(ago(400 * DAY))).toBe('hace 1 año');
  });

  it('reads in English', () => {
    const text = textIn('en');
    expect(text(ago(10_000))).toBe('just now');
    expect(text(ago(3 * MIN))).toBe('3 min ago');
    expect(text(ago(5 * HOUR))).toBe('5 h ago');
    expect(text(ago(DAY))).toBe('1 day ago');
    expect(text(ago(4 * DAY))).toBe('4 days ago');
    expect(text(ago(35 * DAY))).toBe('1 month ago');
    expect(text(ago(800 * DAY))).toBe('2 years ago');
  });
});
