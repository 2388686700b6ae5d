// The clock badge says when the test clock is not at now, in words: "3 d ahead", "2 h 5 min behind".
import { describe, expect, it } from 'vitest';
import { clockOffset, gapWords } from '../../renderer/lib/clock-offset';

const T = Date.parse('2026-11-29T10:00:00.000Z');

describe('the clock offset in words', () => {
  it('is at now within a minute either way, and otherwise ahead or behind in its largest units', () => {
    expect(clockOffset(T + 59_000, T)).toEqual({ atNow: true, words: '' });
    expect(clockOffset(T - 59_000, T)).toEqual({ atNow: true, words: '' });
    expect(clockOffset(T + 3 * 86_400_000 + 360_000, T)).toEqual({ atNow: false, words: '3 d ahead' });
    expect(clockOffset(T - (2 * 3600 + 300) * 1000, T)).toEqual({ atNow: false, words: '2 h 5 min behind' });
    expect(gapWords(90 * 60_000)).toBe('1 h 30 min');
    expect(gapWords(26 * 3_600_000)).toBe('1 d 2 h');
    expect(gapWords(61_000)).toBe('1 min');
  });
});
