/**
 * A small list kept in localStorage, keyed by `key(item)`. Storage may be missing or full
 * (private browsing); the app then simply forgets, it never fails.
 */
export class StoredList<T> {
  constructor(
    private readonly storageKey: string,
    private readonly key: (item: T) => string,
    private readonly limit: number,
  ) {}

  all(): T[] {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(this.storageKey) ?? '[]');
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }

  find(key: string): T | undefined {
    return this.all().find((item) => this.key(item) === key);
  }

  /** Adds or replaces the item and moves it to the front. */
  put(item: T): void {
    const rest = this.all().filter((other) => this.key(other) !== this.key(item));
    this.#write([item, ...rest].slice(0, this.limit));
  }

  remove(key: string): void {
    this.#write(this.all().filter((item) => this.key(item) !== key));
  }

  #write(items: T[]): void {
    try {
      localStorage.setItem(this.storageKey, JSON.stringify(items));
    } catch {
      // Storage unavailable: remembering is a convenience, not a requirement.
    }
  }
}
