/**
 * Group commit: appends that arrive while a write is under way wait for it, then go to the database
 * together in one statement. Under light load every append is written at once, alone, as before; under
 * heavy load one round trip (and one WAL flush) carries many encounters' commands, which is where a
 * saturated server spends its time (docs/performance-log.md). No timer: nothing waits that need not.
 *
 * One encounter never has two appends here at once (its room's queue), so a batch holds distinct
 * encounters. A batch is all or nothing; when it fails (typically another node took one encounter's
 * seq) each append is written again alone, so only the one that conflicts hears of it.
 */
export class GroupCommit<T> {
  private pending: { readonly item: T; readonly resolve: () => void; readonly reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly writeAlone: (item: T) => Promise<void>,
    private readonly writeTogether: (items: readonly T[]) => Promise<void>,
    /** Bounds one statement's size (drivers cap a statement's parameters at 65,535). */
    private readonly maxBatch: number,
  ) {}

  write(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        const only = batch.length === 1 ? batch[0] : undefined;
        if (only) {
          await this.writeAlone(only.item).then(only.resolve, only.reject);
          continue;
        }
        const together = await this.writeTogether(batch.map((b) => b.item)).then(
          () => true,
          () => false,
        );
        if (together) batch.forEach((b) => b.resolve());
        else await Promise.all(batch.map((b) => this.writeAlone(b.item).then(b.resolve, b.reject)));
      }
    } finally {
      this.writing = false;
    }
  }
}
