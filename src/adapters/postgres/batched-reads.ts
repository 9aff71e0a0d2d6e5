/**
 * Reads asked for in the same turn of the event loop, fetched together: an export or a doctor run
 * reads 64 documents at once, and one query for the 64 costs one round trip to the server where 64
 * queries, run one after the other on a transaction's connection, cost 64. A recall's check of
 * the home's folder stamps is read the same way, by folder.
 */
interface Waiting {
  resolve: (text: string | undefined) => void;
  reject: (error: unknown) => void;
}

/** Most paths in one query: a bigger batch waits for the next one. */
const MAX_BATCH = 500;

export class BatchedReads {
  private pending = new Map<string, Waiting[]>();
  private readonly fetch: (paths: string[]) => Promise<Map<string, string>>;

  /** `fetch` returns the text (or stamp) of each key that exists. */
  constructor(fetch: (paths: string[]) => Promise<Map<string, string>>) {
    this.fetch = fetch;
  }

  read(path: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(() => void this.flush());
      const waiting = this.pending.get(path) ?? [];
      waiting.push({ resolve, reject });
      this.pending.set(path, waiting);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const paths = [...batch.keys()];
    for (let start = 0; start < paths.length; start += MAX_BATCH) {
      const slice = paths.slice(start, start + MAX_BATCH);
      try {
        const texts = await this.fetch(slice);
        for (const path of slice) for (const each of batch.get(path) ?? []) each.resolve(texts.get(path));
      } catch (error) {
        for (const path of slice) for (const each of batch.get(path) ?? []) each.reject(error);
      }
    }
  }
}
