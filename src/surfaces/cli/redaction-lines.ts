import { Option } from "commander";
import type { CommonOptions } from "./cli-command.js";

/** The `--redact-secrets` option of the commands that store text, and what they print after a redaction. */
export function redactSecretsOption(): Option {
  return new Option(
    "--redact-secrets",
    "store a credential found in the text as [REDACTED:<kind>] instead of refusing the text (exit 2)",
  );
}

export interface RedactOptions extends CommonOptions {
  redactSecrets?: boolean;
}

export function redactionLines(kinds: readonly string[]): string[] {
  if (kinds.length === 0) return [];
  const counts = new Map<string, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const listed = [...counts].map(([kind, count]) => (count === 1 ? kind : `${count} × ${kind}`));
  return [`Redacted ${kinds.length === 1 ? "a secret" : `${kinds.length} secrets`}: ${listed.join(", ")}`];
}
