import { finished } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDeadline } from './render-deadline.server';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('renderDeadline', () => {
  it('ends with the page: no timer is left holding the render once it is written', async () => {
    const abort = vi.fn();
    const body = renderDeadline(abort, 6_000).body();
    body.resume();
    body.end('<html></html>');
    await finished(body);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(abort).not.toHaveBeenCalled();
  });

  it('aborts a render still streaming at its deadline, once', () => {
    const abort = vi.fn();
    const body = renderDeadline(abort, 6_000).body();
    body.resume();
    body.write('<html>');
    vi.advanceTimersByTime(5_999);
    expect(abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(abort).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(abort).toHaveBeenCalledTimes(1);
  });

  it('ends at once when no page will be written', () => {
    const abort = vi.fn();
    renderDeadline(abort, 6_000).cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});
