import { describe, expect, it } from 'vitest';
import { retryAfterSecondsOf } from '@roundkeeper/client';

describe('Retry-After', () => {
  it('reads seconds or an HTTP date, and nothing from an absent or unreadable header', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterSecondsOf('42', now)).toBe(42);
    expect(retryAfterSecondsOf('0', now)).toBe(0);
    expect(retryAfterSecondsOf('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSecondsOf('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterSecondsOf(null, now)).toBeNull();
    expect(retryAfterSecondsOf('soon', now)).toBeNull();
  });
});
