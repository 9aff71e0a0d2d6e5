import { allMatches } from "./all-matches.js";

/**
 * The same text as the secret scanner must also read it, with a map back to the original, so that a
 * key found in a view is redacted in the text as stored:
 *  - visible: without invisible format characters (Unicode Cf: a zero-width space inside a key) and
 *    in compatibility form (NFKC: a full-width colon after "password", full-width letters);
 *  - joined: with a key's pieces put back together where a space split it ("ghp_aB3d 5fG7…").
 *
 *     const view = joinedView("ghp_aB3dE5fG7hJ9kL1m N3pQ5rS7tU9vW1xY3z5A");
 *     view.text // "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"; originalSpan(view, 0, 40) // { start: 0, end: 41 }
 */
export interface TextView {
  text: string;
  /** For each UTF-16 unit of `text`: where the original character it comes from starts, and ends. */
  starts: number[];
  ends: number[];
}

/** The original text's span [start, end) that the view's span [start, end) was made from. */
export function originalSpan(view: TextView, start: number, end: number): { start: number; end: number } {
  return { start: view.starts[start] ?? 0, end: view.ends[end - 1] ?? 0 };
}

/** The text itself as a view. */
export function identityView(text: string): TextView {
  const starts = Array.from({ length: text.length }, (_, index) => index);
  return { text, starts, ends: starts.map((index) => index + 1) };
}

/** Plain ASCII holds no format character and is its own NFKC form. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is meant
const ONLY_ASCII = /^[\u0000-\u007f]*$/;
const FORMAT_CHARACTER = /^\p{Cf}$/u;
const HAS_FORMAT_CHARACTER = /\p{Cf}/u;

/** The text without format characters and in NFKC form, one character at a time; undefined when that is the text itself. */
export function visibleView(text: string): TextView | undefined {
  if (ONLY_ASCII.test(text) || (!HAS_FORMAT_CHARACTER.test(text) && text.normalize("NFKC") === text))
    return undefined;
  const view: TextView = { text: "", starts: [], ends: [] };
  for (let index = 0; index < text.length; ) {
    const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
    const end = index + character.length;
    if (!FORMAT_CHARACTER.test(character)) {
      const visible = character.normalize("NFKC");
      view.text += visible;
      for (let unit = 0; unit < visible.length; unit++) {
        view.starts.push(index);
        view.ends.push(end);
      }
    }
    index = end;
  }
  return view.text === text ? undefined : view;
}

/** What every split key has, and most text has not: digits on both sides of a space. */
const DIGITS_AROUND_A_SPACE = /[0-9]\S*[ \t]{1,2}\S*[0-9]/;
/** A run of key characters long enough to be a piece of a split key. */
const KEY_RUN = /[A-Za-z0-9_+/=.~-]{4,}/g;

/**
 * `base` with the spaces inside split keys taken out; undefined when it has none. A split key is
 * runs of key characters, each at least 4 long and holding a digit (words of prose hold none, so
 * sentences are never glued together), one or two spaces or tabs apart.
 */
export function joinedView(base: TextView | string): TextView | undefined {
  const text = typeof base === "string" ? base : base.text;
  const gaps = splitKeyGaps(text);
  if (gaps.size === 0) return undefined;
  const view = typeof base === "string" ? identityView(base) : base;
  const joined: TextView = { text: "", starts: [], ends: [] };
  for (let index = 0; index < text.length; index++) {
    if (gaps.has(index)) continue;
    joined.text += text[index];
    joined.starts.push(view.starts[index] ?? index);
    joined.ends.push(view.ends[index] ?? index + 1);
  }
  return joined;
}

/** The index of every space or tab between two pieces of a split key. */
function splitKeyGaps(text: string): Set<number> {
  const gaps = new Set<number>();
  if (!DIGITS_AROUND_A_SPACE.test(text)) return gaps;
  const pieces = allMatches(KEY_RUN, text).filter((piece) => /[0-9]/.test(piece[0]));
  for (let index = 1; index < pieces.length; index++) {
    const before = pieces[index - 1] as RegExpExecArray;
    const after = pieces[index] as RegExpExecArray;
    const gapStart = before.index + before[0].length;
    if (!/^[ \t]{1,2}$/.test(text.slice(gapStart, after.index))) continue;
    for (let gap = gapStart; gap < after.index; gap++) gaps.add(gap);
  }
  return gaps;
}
