/**
 * The slots of the `wanted` smallest distances, in slot order (ties at the cut-off go to the lower
 * slots), among the slots `included` allows (all when absent). Distances are small integers (at
 * most `maxDistance`), so a histogram finds the cut-off in two linear passes, with no sort. Pure.
 */
export function slotsWithSmallestDistances(
  distances: Uint16Array,
  options: { wanted: number; maxDistance: number; included?: Uint8Array },
): number[] {
  const { wanted, included } = options;
  if (wanted <= 0) return [];
  const histogram = new Uint32Array(options.maxDistance + 2);
  for (let slot = 0; slot < distances.length; slot++) {
    const distance = distances[slot] as number;
    if (!included || included[slot] === 1) histogram[distance] = (histogram[distance] as number) + 1;
  }
  let cutoff = 0;
  let belowCutoff = 0;
  while (cutoff < histogram.length - 1 && belowCutoff + (histogram[cutoff] as number) < wanted)
    belowCutoff += histogram[cutoff++] as number;
  let tiesLeft = wanted - belowCutoff;
  const slots: number[] = [];
  for (let slot = 0; slot < distances.length; slot++) {
    if (included && included[slot] !== 1) continue;
    const distance = distances[slot] as number;
    if (distance < cutoff) slots.push(slot);
    else if (distance === cutoff && tiesLeft > 0) {
      slots.push(slot);
      tiesLeft--;
    }
  }
  return slots;
}
