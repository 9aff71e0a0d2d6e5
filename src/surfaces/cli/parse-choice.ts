// Leaf modules, not the package root: a command's options are built for every `mnemo --help`.
import { MEMORY_TYPES, type MemoryType } from "../../engine/memdir/memory-types.js";
import { PROFILE_FILES, type ProfileFile } from "../../engine/profile/profile-files.js";
import { MnemoError } from "../../errors.js";

/** Command-line words that must be one of a closed set, checked with an error that lists the set. */
export function parseChoice<T extends string>(value: string, choices: readonly T[], what: string): T {
  const normalized = value.trim().toLowerCase();
  const found = choices.find((choice) => choice === normalized);
  if (found !== undefined) return found;
  throw new MnemoError("INVALID_INPUT", `Unknown ${what} "${value}"; use one of ${choices.join(", ")}.`);
}

export function parseMemoryType(value: string): MemoryType {
  return parseChoice(value, MEMORY_TYPES, "memory type");
}

export function parseProfileFile(value: string): ProfileFile {
  return parseChoice(value, PROFILE_FILES, "profile file");
}
