/**
 * A reader for the frontmatter mnemo itself writes: `key: value` lines whose values YAML reads as
 * plain strings, or as quoted strings without escapes (`"…"` holding no `"` or `\`, `'…'` holding
 * no `'`), which is how YAML writers quote a description holding `: ` or starting with a quote.
 * It answers undefined for anything else (escapes, comments, lists, blank lines, numbers,
 * booleans, nulls, a repeated key), and the caller asks the YAML parser instead.
 *
 * Why: loading the `yaml` package and parsing 1,000 memory files with it took a third of
 * `mnemo hook session-start` on a 1,000-memory home (issue 29, CPU profile of 3b88ce2: its lexer,
 * parser and composer ~250 ms of ~800 ms). A property test (plain-frontmatter.test.ts) holds it to
 * the YAML parser's answer on every input it accepts.
 */

/** A key as mnemo writes them: letters, digits and `_`, not a YAML null or boolean word. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const SPECIAL_WORDS = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** What the YAML 1.2 core schema reads as a number (or near it): left to the parser. */
const NUMBER_LIKE =
  /^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9_]+)(?:[eE][-+]?[0-9]+)?$|^0[oxOXbB]|^[-+]?\.[a-zA-Z]+$/;
/** Characters a plain scalar must not start with (YAML indicators, quotes, white space). */
const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`\s]/;
/** A half of a surrogate pair without its other half. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The string values of plain `key: value` lines, in order; undefined when the text is not that plain. */
export function readPlainFrontmatter(lines: readonly string[]): Map<string, string> | undefined {
  const values = new Map<string, string>();
  for (const raw of lines) {
    const line = raw.endsWith("\r\n") ? raw.slice(0, -2) : raw.endsWith("\n") ? raw.slice(0, -1) : raw;
    const colon = line.indexOf(": ");
    if (colon === -1) return undefined;
    const key = line.slice(0, colon);
    if (!PLAIN_KEY.test(key) || SPECIAL_WORDS.test(key) || values.has(key)) return undefined;
    const value = plainValue(line.slice(colon + 2));
    if (value === undefined) return undefined;
    values.set(key, value);
  }
  return values;
}

/** A quoted scalar on one line that YAML reads as its text unchanged: no escape, no inner quote. */
const SIMPLY_QUOTED = /^"([^"\\]*)"$|^'([^']*)'$/;

/** The value as YAML reads a plain scalar on one line, or undefined when it might read otherwise. */
function plainValue(text: string): string | undefined {
  const value = text.replace(/[ \t]+$/, "");
  if (hasUnusualCharacter(value)) return undefined;
  const quoted = SIMPLY_QUOTED.exec(value);
  if (quoted) return quoted[1] ?? quoted[2];
  if (value === "" || INDICATOR_START.test(value)) return undefined;
  // ": " or a final ":" would start a mapping; " #" or "\t#" a comment.
  if (value.includes(": ") || value.includes(":\t") || value.endsWith(":")) return undefined;
  if (value.includes(" #") || value.includes("\t#")) return undefined;
  if (SPECIAL_WORDS.test(value) || NUMBER_LIKE.test(value)) return undefined;
  return value;
}

/** Anything but printable characters and the tab: control characters, a byte-order mark, line separators. */
function hasUnusualCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f)) return true;
    if (code === 0x2028 || code === 0x2029 || code === 0xfeff) return true;
  }
  return LONE_SURROGATE.test(value);
}
