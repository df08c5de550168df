/**
 * Runs tasks one after another. Each encounter has one, so its commands never interleave, while
 * different encounters proceed in parallel (no global lock).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(task);
    // A failed task must not block the ones queued after it; its caller still sees the rejection.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
