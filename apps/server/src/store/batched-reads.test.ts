import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedByEncounter, batchedRead, MAX_KEYS_PER_STATEMENT, STATEMENT_SPACING_MS } from './batched-reads.js';

/** An answer that records each statement's keys and holds it until released. */
function recordedAnswer() {
  const statements: number[][] = [];
  const held: (() => void)[] = [];
  const answer = (keys: readonly number[]): Promise<readonly string[]> => {
    statements.push([...keys]);
    return new Promise((resolve) => held.push(() => resolve(keys.map((k) => `v${k}`))));
  };
  const releaseAll = async (): Promise<void> => {
    while (held.length > 0) {
      for (const release of held.splice(0)) release();
      await nextTurn();
    }
  };
  return { statements, answer, releaseAll };
}

describe('batchedRead', () => {
  it('answers the keys asked in one turn of the event loop with one statement, each its own value', async () => {
    const { statements, answer, releaseAll } = recordedAnswer();
    const read = batchedRead(answer, 0);
    const asked = Promise.all([1, 2, 1, 3].map(read));
    await nextTurn();
    await releaseAll();
    expect(await asked).toEqual(['v1', 'v2', 'v1', 'v3']);
    expect(statements).toEqual([[1, 2, 1, 3]]);
  });

  it('holds the keys asked while a statement is under way for the next one, which takes them all', async () => {
    const { statements, answer, releaseAll } = recordedAnswer();
    const read = batchedRead(answer, 0);
    const first = read(1);
    await nextTurn();
    expect(statements).toEqual([[1]]);
    // Asked in later turns while the first statement is under way: none starts a statement of its own.
    const later: Promise<string>[] = [];
    for (const key of [2, 3, 4]) {
      later.push(read(key));
      await nextTurn();
    }
    expect(statements).toEqual([[1]]);
    await releaseAll();
    expect(await first).toBe('v1');
    expect(await Promise.all(later)).toEqual(['v2', 'v3', 'v4']);
    expect(statements).toEqual([[1], [2, 3, 4]]);
  });

  it('splits more keys than a statement takes, and answers every one of them', async () => {
    const { statements, answer, releaseAll } = recordedAnswer();
    const read = batchedRead(answer, 0);
    const blocker = read(-1);
    await nextTurn();
    const keys = Array.from({ length: MAX_KEYS_PER_STATEMENT * 2 + 5 }, (_, i) => i);
    const asked = Promise.all(keys.map(read));
    await releaseAll();
    expect(await blocker).toBe('v-1');
    expect(await asked).toEqual(keys.map((k) => `v${k}`));
    expect(statements.slice(1).map((s) => s.length)).toEqual([MAX_KEYS_PER_STATEMENT, MAX_KEYS_PER_STATEMENT, 5]);
  });

  describe('spacing', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('sends the next statement of a kind no sooner than the spacing after the last one started, with every key asked meanwhile', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
      const statements: number[][] = [];
      const read = batchedRead(async (keys: readonly number[]) => {
        statements.push([...keys]);
        return keys.map((k) => k * 10);
      });
      // A quiet kind: the first key goes at once (after the loop's turn).
      const first = read(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(statements).toEqual([[1]]);
      expect(await first).toBe(10);
      // Answered already, but started less than the spacing ago: these wait, and go together.
      const soon = [read(2), read(3)];
      await vi.advanceTimersByTimeAsync(STATEMENT_SPACING_MS - 2);
      const later = read(4);
      await vi.advanceTimersByTimeAsync(1);
      expect(statements).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(statements).toEqual([[1], [2, 3, 4]]);
      expect(await Promise.all([...soon, later])).toEqual([20, 30, 40]);
      // After a quiet spell longer than the spacing, a key goes at once again.
      await vi.advanceTimersByTimeAsync(STATEMENT_SPACING_MS * 3);
      const alone = read(5);
      await vi.advanceTimersByTimeAsync(0);
      expect(statements).toEqual([[1], [2, 3, 4], [5]]);
      expect(await alone).toBe(50);
    });
  });

  it('gives every key of a failed statement its error, and reads again afterwards', async () => {
    let fail = true;
    const read = batchedRead(async (keys: readonly number[]) => {
      if (fail) throw new Error('database away');
      return keys.map((k) => k * 10);
    });
    await expect(Promise.all([read(1), read(2)])).rejects.toThrow('database away');
    fail = false;
    expect(await Promise.all([read(1), read(2)])).toEqual([10, 20]);
  });

  it('by encounter: asks each id once and gives each its own rows, none for an id without any', async () => {
    const statements: string[][] = [];
    const read = batchedByEncounter(async (ids) => {
      statements.push([...ids]);
      return [
        { encounterId: 'a', n: 1 },
        { encounterId: 'b', n: 2 },
        { encounterId: 'a', n: 3 },
      ].filter((row) => ids.includes(row.encounterId));
    });
    const rows = await Promise.all(['a', 'c', 'b', 'a'].map(read));
    expect(rows.map((r) => r.map((row) => row.n))).toEqual([[1, 3], [], [2], [1, 3]]);
    expect(statements).toEqual([['a', 'c', 'b']]);
  });
});
