import { MnemoError } from "../../errors.js";
import { redactSecrets, scanForSecrets } from "./scan-secrets.js";

/**
 * The write-time guard: text about to be stored is scanned for credentials, and by default refused
 * (the memory home is plain Markdown, and the always-loaded files go into every prompt). A caller
 * who asks for it, or a home configured with `secrets: "redact"`, stores the text with each secret
 * replaced by `[REDACTED:<kind>]` instead.
 */
export type SecretMode = "refuse" | "redact";

export interface GuardedText {
  text: string;
  /** The kinds of secret replaced, one per secret; empty when the text held none. */
  redactedSecrets: string[];
}

/** A per-call `redactSecrets` wins over the home's configured mode; false asks for a refusal. */
export function secretMode(configured: SecretMode, redactSecrets: boolean | undefined): SecretMode {
  if (redactSecrets === undefined) return configured;
  return redactSecrets ? "redact" : "refuse";
}

/** Thrown on a refusal; `field` and `kinds` let a caller explain it (the secret itself is never echoed). */
export class SecretDetectedError extends MnemoError {
  readonly field: string;
  readonly kinds: string[];

  /** `inName`: the secret is in a name, which cannot be stored redacted. */
  constructor(field: string, kinds: string[], options: { inName?: boolean } = {}) {
    const found = `${field} holds what looks like a credential (${kinds.join(", ")})`;
    super(
      "SECRET_DETECTED",
      options.inName
        ? `Not stored: ${found}. A name becomes a file name and is shown in lists, paths and prompts, so it is never stored redacted: choose a name without the secret.`
        : `Not stored: ${found}. Remove the secret, or ask for it to be stored redacted as [REDACTED:<kind>] (--redact-secrets on the command line, redactSecrets: true in the library or an HTTP body, or "secrets": "redact" in config.json).`,
    );
    this.name = "SecretDetectedError";
    this.field = field;
    this.kinds = kinds;
  }
}

/** `text` as it may be stored: unchanged, redacted, or refused with a SecretDetectedError naming `field`. */
export function guardSecrets(text: string, options: { field: string; mode: SecretMode }): GuardedText {
  const { text: redacted, findings } = redactSecrets(text);
  if (findings.length === 0) return { text, redactedSecrets: [] };
  const kinds = findings.map((finding) => finding.kind);
  if (options.mode === "refuse") throw new SecretDetectedError(options.field, [...new Set(kinds)]);
  return { text: redacted, redactedSecrets: kinds };
}

/**
 * A name (a memory's, a topic's, a conversation's session id) is refused when it holds a credential,
 * whatever the mode: it becomes a file name, shown in every list and path, and "[REDACTED:…]" is
 * no name. `field` says which name, without quoting it.
 */
export function refuseSecretInName(name: string, field: string): void {
  const findings = scanForSecrets(name);
  if (findings.length > 0)
    throw new SecretDetectedError(field, [...new Set(findings.map((finding) => finding.kind))], {
      inName: true,
    });
}
