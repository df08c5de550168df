import { describe, expect, it } from 'vitest';
import { ApiError } from '@roundkeeper/client';
import { joinRefusal } from './join-words.js';

describe("the join page's refusals", () => {
  it('never show the schema text of a bad request', () => {
    const raw = new ApiError('bad-request', 'joinCode: Too small: expected string to have exactly 6 characters', 400);
    expect(joinRefusal(raw, 'abc')).toBe('A join code has 6 letters and digits; that one has 3.');
    const alphabet = new ApiError('bad-request', 'joinCode: not a join code', 400);
    expect(joinRefusal(alphabet, 'abc-23o')).toMatch(/^A join code has no "O"/);
    expect(joinRefusal(alphabet, 'abc-234')).not.toMatch(/joinCode/);
  });
  it('say an unknown code with its dash', () => {
    const missing = new ApiError('not-found', 'No encounter has the join code ABC234; check it with your GM.', 404);
    expect(joinRefusal(missing, 'abc234')).toBe('No game has the code ABC-234. Check it with your GM: it may have been changed.');
  });
  it("keep the server's sentences written for players", () => {
    expect(joinRefusal(new ApiError('seat-taken', 'Someone else has already taken Aria.', 409), 'ABC234')).toBe('Someone else has already taken Aria.');
  });
});
