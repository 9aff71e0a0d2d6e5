/**
 * Runs `work` on every item, at most `limit` at once, starting the next as soon as one finishes (not
 * in fixed batches, which wait for their slowest fsync). After a failure nothing new starts; the
 * work already running is waited for, then the first failure is thrown.
 */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
}
