import { z } from "zod";

/** The `redactedSecrets` of a write's result: what a home set to redact replaced, for the caller to know. */
export const redactedSecretsOutput = z
  .array(z.string())
  .describe("The kinds of secret replaced by [REDACTED:<kind>], one per secret; empty when none.");

export function describeRedaction(kinds: readonly string[]): string {
  return `Credentials were not stored: ${[...new Set(kinds)].join(", ")} replaced by [REDACTED:<kind>].`;
}
