import { MnemoError } from "../../errors.js";

/** The closed set of typed-memory kinds of seed 001. */
export const MEMORY_TYPES = ["user", "feedback", "project", "reference"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export function isMemoryType(value: unknown): value is MemoryType {
  return typeof value === "string" && (MEMORY_TYPES as readonly string[]).includes(value);
}

export function parseMemoryType(value: string): MemoryType {
  const lower = value.trim().toLowerCase();
  if (isMemoryType(lower)) return lower;
  throw new MnemoError(
    "INVALID_INPUT",
    `Unknown memory type "${value}"; use one of ${MEMORY_TYPES.join(", ")}.`,
  );
}
