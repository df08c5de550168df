/**
 * Runs tasks one after another. Each encounter has one, so its commands never interleave, while
 * different encounters proceed in parallel (no global lock).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** Nothing queued or running. */
  get idle(): boolean {
    return this.pending === 0;
  }

  /** Resolves once nothing is queued or running, including tasks queued while waiting. */
  async settled(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }

  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task).finally(() => (this.pending -= 1));
    // A failed task must not block the ones queued after it; its caller still sees the rejection.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
