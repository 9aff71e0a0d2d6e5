import { MEMORY_TYPES, type MemoryType, MnemoError, PROFILE_FILES, type ProfileFile } from "../../index.js";

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
