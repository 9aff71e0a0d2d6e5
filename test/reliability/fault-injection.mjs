// Fault injection for the reliability tests, loaded with `node --import`. It counts the steps of
// every write (each completed rename, and each completed fsync of a file or folder) and:
//   MNEMO_FAULT_KILL_AT=N      SIGKILLs this process right after step N, as a crash there would;
//   MNEMO_FAULT_REPORT=FILE    writes the number of steps taken to FILE when the process exits.
// A fsync is where a write becomes durable and a rename is where it becomes visible, so a kill
// after each of them covers every boundary between the steps of a commit.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const killAt = Number(process.env.MNEMO_FAULT_KILL_AT ?? 0);
const report = process.env.MNEMO_FAULT_REPORT;
let steps = 0;

function step() {
  steps += 1;
  if (steps === killAt) process.kill(process.pid, "SIGKILL");
}

const rename = fsp.rename;
fsp.rename = async (from, to) => {
  await rename(from, to);
  step();
};
fs.promises.rename = fsp.rename;
const renameSync = fs.renameSync;
fs.renameSync = (from, to) => {
  renameSync(from, to);
  step();
};

// FileHandle has no exported class: take its prototype from a handle.
const probePath = join(tmpdir(), `mnemo-fault-probe-${process.pid}`);
const probe = await fsp.open(probePath, "w");
const handlePrototype = Object.getPrototypeOf(probe);
await probe.close();
await fsp.rm(probePath, { force: true });
const sync = handlePrototype.sync;
handlePrototype.sync = async function syncThenCount() {
  await sync.call(this);
  step();
};
syncBuiltinESMExports();

if (report) process.on("exit", () => fs.writeFileSync(report, String(steps)));
