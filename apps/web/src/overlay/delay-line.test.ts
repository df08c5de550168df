import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayLine, MAX_HELD_VALUES } from './delay-line.js';

describe('DelayLine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes values straight through without a delay', () => {
    const out: number[] = [];
    new DelayLine<number>(0, (v) => out.push(v)).push(1);
    expect(out).toEqual([1]);
  });

  it('releases each value after the delay, in order', () => {
    const out: number[] = [];
    const line = new DelayLine<number>(1_000, (v) => out.push(v));
    line.push(1);
    vi.advanceTimersByTime(500);
    line.push(2);
    vi.advanceTimersByTime(499);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out).toEqual([1]);
    vi.advanceTimersByTime(500);
    expect(out).toEqual([1, 2]);
    expect(line.size).toBe(0);
  });

  it('holds at most MAX_HELD_VALUES and stops when closed', () => {
    const out: number[] = [];
    const line = new DelayLine<number>(1_000, (v) => out.push(v));
    for (let i = 0; i < MAX_HELD_VALUES * 3; i++) line.push(i);
    expect(line.size).toBe(MAX_HELD_VALUES);
    vi.advanceTimersByTime(1_000);
    expect(out).toEqual([MAX_HELD_VALUES * 3 - 1]);
    line.push(7);
    line.close();
    vi.advanceTimersByTime(5_000);
    expect(out).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
