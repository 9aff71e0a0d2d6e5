import { allMatches } from "./all-matches.js";
import { CONTEXT_RULES, secretLength } from "./context-rules.js";
import { encodedSecrets } from "./encoded-secrets.js";
import { joinedView, originalSpan, type TextView, visibleView } from "./text-views.js";
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

type OrderedFinding = SecretFinding & { order: number };
/** Encoded keys rank after every rule when two finds start and end at the same place. */
const ENCODED_ORDER = COMPILED.length;

/**
 * The secrets in `text`, in order; overlapping finds are merged into one span named by the first.
 * The text is read as stored, then as a model or a person would read it (text-views.ts): without
 * invisible characters and in NFKC form, and with keys split by a space joined again.
 */
export function scanForSecrets(text: string): SecretFinding[] {
  const found = findingsIn(text);
  const visible = visibleView(text);
  const joined = joinedView(visible ?? text);
  for (const view of [visible, joined]) if (view) found.push(...findingsIn(view.text).map(inOriginal(view)));
  return mergeFindings(found);
}

/** The rules' finds and the encoded keys in one text. */
function findingsIn(text: string): OrderedFinding[] {
  const found = ruleFindings(text);
  const encoded = encodedSecrets(text, ruleFindings);
  return [...found, ...encoded.map((finding) => ({ ...finding, order: ENCODED_ORDER }))];
}

function ruleFindings(text: string): OrderedFinding[] {
  const found: OrderedFinding[] = [];
  COMPILED.forEach(({ rule, pattern }, order) => {
    for (const match of allMatches(pattern, text)) {
      const finding = findingOf(rule, match);
      if (finding) found.push({ ...finding, order });
    }
  });
  return found;
}

function inOriginal(view: TextView): (finding: OrderedFinding) => OrderedFinding {
  return (finding) => ({ ...finding, ...originalSpan(view, finding.start, finding.end) });
}

/**
 * One span for finds that overlap, reaching as far as the furthest of them (a password holding a
 * token is redacted to its end, not to the token's), named by the first to start (the longest, then
 * the first rule, on a tie).
 */
export function mergeFindings(found: readonly OrderedFinding[]): SecretFinding[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const merged: SecretFinding[] = [];
  for (const { kind, start, end } of sorted) {
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
