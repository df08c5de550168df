import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A writer whose statements finish when the test says so; records what each statement carried. */
function gatedWriter(failWhen: (items: readonly string[]) => boolean = () => false) {
  const statements: string[][] = [];
  const gates: (() => void)[] = [];
  const write = (items: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      statements.push([...items]);
      gates.push(() => (failWhen(items) ? reject(new Error(`conflict in ${items.join(',')}`)) : resolve()));
    });
  const openAll = async () => {
    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { statements, write, openAll };
}

describe('group commit', () => {
  it('writes a lone append at once, and batches those that arrive while it is written', async () => {
    const writer = gatedWriter();
    const commits = new GroupCommit<string>((item) => writer.write([item]), writer.write, 10);
    const done = ['a', 'b', 'c', 'd'].map((item) => commits.write(item));
    await writer.openAll();
    await Promise.all(done);
    expect(writer.statements).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('caps a statement at maxBatch', async () => {
    const writer = gatedWriter();
    const commits = new GroupCommit<string>((item) => writer.write([item]), writer.write, 2);
    const done = ['a', 'b', 'c', 'd', 'e'].map((item) => commits.write(item));
    await writer.openAll();
    await Promise.all(done);
    expect(writer.statements).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('writes each append of a failed batch alone, so only the failing one is refused', async () => {
    const writer = gatedWriter((items) => items.includes('bad'));
    const commits = new GroupCommit<string>((item) => writer.write([item]), writer.write, 10);
    const settled = Promise.allSettled(['a', 'b', 'bad', 'c'].map((item) => commits.write(item)));
    await writer.openAll();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(writer.statements).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('keeps going after a failure: later appends are written', async () => {
    const writer = gatedWriter((items) => items.includes('bad'));
    const commits = new GroupCommit<string>((item) => writer.write([item]), writer.write, 10);
    const first = expect(commits.write('bad')).rejects.toThrow('conflict');
    await writer.openAll();
    await first;
    const second = commits.write('fine');
    await writer.openAll();
    await expect(second).resolves.toBeUndefined();
  });
});
