import { allMatches } from "./all-matches.js";
import { CONTEXT_RULES, secretLength } from "./context-rules.js";
import { type SecretRule, TOKEN_RULES } from "./token-rules.js";

/**
 * Finds credentials in text and redacts them. Pure and offline: a table of patterns (token-rules.ts
 * for shapes a vendor prefix gives away, context-rules.ts for secrets named by a keyword), no model.
 *
 *     redactSecrets("deploy with AKIAQWERTYUIOPASDFGH").text
 *     // "deploy with [REDACTED:aws-access-key-id]"
 */
export interface SecretFinding {
  kind: string;
  /** The secret's span in the text: [start, end) in UTF-16 code units, as String.slice takes it. */
  start: number;
  end: number;
}

export interface RedactedText {
  text: string;
  findings: SecretFinding[];
}

export const SECRET_RULES: readonly SecretRule[] = [...TOKEN_RULES, ...CONTEXT_RULES];

/** Every kind the scanner can report, in table order, without repeats. */
export const SECRET_KINDS: readonly string[] = [...new Set(SECRET_RULES.map((rule) => rule.kind))];

/** With the `d` flag, a match carries the span of each group. */
const COMPILED = SECRET_RULES.map((rule) => ({
  rule,
  pattern: new RegExp(rule.pattern.source, `${rule.pattern.flags.replace(/[dg]/g, "")}dg`),
}));

/** The secrets in `text`, in order; overlapping finds are merged into one span named by the first. */
export function scanForSecrets(text: string): SecretFinding[] {
  const found: Array<SecretFinding & { order: number }> = [];
  COMPILED.forEach(({ rule, pattern }, order) => {
    for (const match of allMatches(pattern, text)) {
      const finding = findingOf(rule, match);
      if (finding) found.push({ ...finding, order });
    }
  });
  found.sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const merged: SecretFinding[] = [];
  for (const { kind, start, end } of found) {
    const last = merged[merged.length - 1];
    if (last && start < last.end) last.end = Math.max(last.end, end);
    else merged.push({ kind, start, end });
  }
  return merged;
}

/** `text` with each secret replaced by `[REDACTED:<kind>]`, and what was replaced. */
export function redactSecrets(text: string): RedactedText {
  const findings = scanForSecrets(text);
  let redacted = "";
  let position = 0;
  for (const finding of findings) {
    redacted += `${text.slice(position, finding.start)}[REDACTED:${finding.kind}]`;
    position = finding.end;
  }
  return { text: redacted + text.slice(position), findings };
}

function findingOf(rule: SecretRule, match: RegExpExecArray): SecretFinding | undefined {
  const groups = match.groups ?? {};
  const indices = match.indices?.groups ?? {};
  const name = ["secret", "quoted", "bare"].find((each) => groups[each] !== undefined);
  const secret = name === undefined ? match[0] : (groups[name] as string);
  const quoted = name === "quoted";
  if (secret === "" || (rule.accepts && !rule.accepts(secret, quoted))) return undefined;
  const start = name === undefined ? match.index : (indices[name]?.[0] ?? match.index);
  const length = name === "bare" ? secretLength(secret, false) : secret.length;
  return length === 0 ? undefined : { kind: rule.kind, start, end: start + length };
}
