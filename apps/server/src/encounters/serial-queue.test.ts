import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SerialQueue', () => {
  it('settles once every task has run, including those queued while it waited', async () => {
    const queue = new SerialQueue();
    const done: string[] = [];
    void queue.run(async () => {
      await tick();
      done.push('a');
      void queue.run(async () => (await tick(), done.push('b')));
    });
    void queue.run(() => Promise.reject(new Error('failed tasks count as run'))).catch(() => undefined);
    await queue.settled();
    expect(done).toEqual(['a', 'b']);
    expect(queue.idle).toBe(true);
  });

  it('runs tasks one at a time, in the order they were queued', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue.run(task('a')), queue.run(task('b')), queue.run(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a failed task, which its caller still sees', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(() => 'after');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
  });
});
