/**
 * The hooks' log in the memory home (.logs/hooks.log): a hook never fails its agent, so what it
 * could not do is written here, one line each. Where the home itself cannot take it, stderr.
 */
import { appendFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { errorMessage } from "../../errors.js";
import { HOOKS_LOG_FILE } from "../../rules/home-layout.js";
import { writeWarning } from "../../rules/write-warning.js";

export async function writeHookLog(home: string, line: string, now = new Date()): Promise<void> {
  const file = join(home, ...HOOKS_LOG_FILE.split("/"));
  const entry = `${now.toISOString()} ${line.replace(/\s*\n\s*/g, " ")}\n`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, entry, "utf8");
  } catch (error) {
    writeWarning(`${line} (and the hook log ${file} could not be written: ${errorMessage(error)})`);
  }
}
