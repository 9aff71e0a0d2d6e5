import type pg from "pg";
import { errnoCode, MnemoError } from "../../errors.js";

/** What to tell a person whose mnemo has no `pg` beside it. */
export const PG_MISSING_MESSAGE =
  "PostgreSQL storage needs the npm package pg, which is not installed: run npm install pg " +
  "(npm install --global pg for a global mnemo).";

/**
 * The `pg` driver, imported on first use: it is an optional peer of mnemo, installed only by those
 * who store homes in PostgreSQL. Missing, it is an INVALID_CONFIG error naming the package and the
 * command that installs it, so the CLI prints one line instead of Node's resolution stack.
 */
export async function loadPg(): Promise<typeof pg> {
  try {
    return (await import("pg")).default;
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND")
      throw new MnemoError("INVALID_CONFIG", PG_MISSING_MESSAGE, { cause: error });
    throw error;
  }
}
