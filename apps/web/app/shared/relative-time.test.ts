import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from './relative-time';

describe('relativeTime', () => {
  it('speaks the largest whole unit, in the locale', () => {
    expect(relativeTime(1000 - 300, 1000, 'en')).toBe('5 minutes ago');
    expect(relativeTime(1000 - 7200, 1000, 'en')).toBe('2 hours ago');
    expect(relativeTime(1000, 1000, 'en')).toBe('now');
    expect(relativeTime(1000 - 172_800, 1000, 'ru')).toBe('позавчера');
  });

  it('formats dates in UTC so server and browser agree', () => {
    expect(formatDateTime(0, 'en')).toBe('Jan 1, 1970, 12:00 AM');
  });
});
