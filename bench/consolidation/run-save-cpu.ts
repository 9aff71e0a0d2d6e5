/**
 * The CPU time of a typed-memory save at 2,000 memories alone (save-cpu.ts), without the rest of
 * the consolidation bench: for profiling (`node --cpu-prof --import tsx ...`) and quick checks.
 *
 *   npx tsx bench/consolidation/run-save-cpu.ts [--memories 2000] [--json]
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { measureBatchCpu, measureSaveCpu } from "./save-cpu.js";

const { values } = parseArgs({
  options: { memories: { type: "string", default: "2000" }, json: { type: "boolean", default: false } },
});
const figures = { ...(await measureSaveCpu(Number(values.memories))), load: loadavg()[0] ?? 0 };
if (values.json) console.log(JSON.stringify(figures, null, 2));
else
  console.log(
    `${figures.saves} saves at ${figures.memories} memories: ${figures.consolidatedMs.toFixed(1)} ms CPU consolidated, ` +
      `${figures.plainMs.toFixed(1)} ms plain (load ${figures.load.toFixed(2)})`,
  );
for (const memories of [0, Number(values.memories)]) {
  const batch = { ...(await measureBatchCpu(memories)), load: loadavg()[0] ?? 0 };
  if (values.json) console.log(JSON.stringify(batch, null, 2));
  else
    console.log(
      `a batch of ${batch.items} into ${batch.memories} memories: ${batch.consolidatedMs.toFixed(0)} ms CPU consolidated, ` +
        `${batch.plainMs.toFixed(0)} ms plain (load ${batch.load.toFixed(2)})`,
    );
}
