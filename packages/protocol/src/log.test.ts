import { describe, expect, it } from 'vitest';
import { logQuerySchema, MAX_LOG_PAGE, MAX_LOG_SEQ } from './log.js';

describe('the log query', () => {
  it('reads whole numbers from the query string', () => {
    expect(logQuerySchema.parse({})).toEqual({});
    expect(logQuerySchema.parse({ after: '0', limit: '25' })).toEqual({ after: 0, limit: 25 });
    expect(logQuerySchema.parse({ before: String(MAX_LOG_SEQ), limit: String(MAX_LOG_PAGE) })).toEqual({ before: MAX_LOG_SEQ, limit: MAX_LOG_PAGE });
  });

  it.each([
    [{ after: '-1' }],
    [{ after: '01' }],
    [{ after: '1e3' }],
    [{ after: ' 1' }],
    [{ before: String(MAX_LOG_SEQ + 1) }],
    [{ limit: '0' }],
    [{ limit: String(MAX_LOG_PAGE + 1) }],
    [{ after: ['1', '2'] }],
    [{ after: '1', before: '2' }],
    [{ since: '1' }],
  ])('refuses %j', (query) => {
    expect(logQuerySchema.safeParse(query).success).toBe(false);
  });
});
