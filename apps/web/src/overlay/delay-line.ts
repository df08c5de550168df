/**
 * Holds values back for a fixed time before releasing them, in order: the overlay's spoiler delay.
 * Bounded for a whole stream: at most `MAX_HELD_VALUES` wait at once (when more arrive, the oldest
 * waiting ones are dropped: each view replaces the one before, so only the latest few matter), and
 * a single timer runs, cleared by `close`.
 */
export const MAX_HELD_VALUES = 64;

interface Held<T> {
  readonly due: number;
  readonly value: T;
}

export class DelayLine<T> {
  #held: Held<T>[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(
    private readonly delayMs: number,
    private readonly release: (value: T) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** How many values are waiting (for tests and diagnostics). */
  get size(): number {
    return this.#held.length;
  }

  push(value: T): void {
    if (this.#closed) return;
    if (this.delayMs <= 0) {
      this.release(value);
      return;
    }
    this.#held.push({ due: this.now() + this.delayMs, value });
    if (this.#held.length > MAX_HELD_VALUES) this.#held.splice(0, this.#held.length - MAX_HELD_VALUES);
    this.#schedule();
  }

  close(): void {
    this.#closed = true;
    this.#held = [];
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    if (this.#timer || this.#held.length === 0) return;
    const wait = Math.max(0, this.#held[0]!.due - this.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      const now = this.now();
      let latest: Held<T> | undefined;
      while (this.#held.length > 0 && this.#held[0]!.due <= now) latest = this.#held.shift();
      // Several due at once (the tab was throttled): only the newest is worth showing.
      if (latest) this.release(latest.value);
      this.#schedule();
    }, wait);
  }
}
