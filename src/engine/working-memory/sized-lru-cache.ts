/** The bounds of a SizedLruCache. */
export interface SizedLruLimits {
  /** Most entries kept. */
  maxEntries: number;
  /** Most total size kept, in whatever unit the caller measures entries with. */
  maxSize: number;
}

/**
 * A map bounded both in entries and in total size. Adding past either bound evicts the least recently
 * used entries first (reading with `get` counts as a use; `has` and `entries` do not). An entry larger
 * than the whole cache is never kept.
 */
export class SizedLruCache<Value> {
  readonly #entries = new Map<string, { value: Value; size: number }>();
  #totalSize = 0;

  constructor(readonly limits: SizedLruLimits) {}

  get count(): number {
    return this.#entries.size;
  }

  get totalSize(): number {
    return this.#totalSize;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value as the most recently used; false when it is larger than the whole cache. */
  set(key: string, value: Value, size: number): boolean {
    this.delete(key);
    if (size > this.limits.maxSize) return false;
    this.#entries.set(key, { value, size });
    this.#totalSize += size;
    while (this.#entries.size > this.limits.maxEntries || this.#totalSize > this.limits.maxSize) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#totalSize -= entry.size;
  }

  deleteWhere(predicate: (value: Value, key: string) => boolean): void {
    for (const [key, entry] of [...this.#entries]) {
      if (predicate(entry.value, key)) this.delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#totalSize = 0;
  }

  /** Entries from least to most recently used, without counting as a use. */
  *entries(): IterableIterator<[string, Value]> {
    for (const [key, entry] of this.#entries) yield [key, entry.value];
  }
}
