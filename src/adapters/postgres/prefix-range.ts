/**
 * The paths that start with a prefix, as a range an index can read: `[prefix, prefixEnd(prefix))`
 * in byte order (PostgreSQL's `~>=~` and `~<~`, which a `text_pattern_ops` index serves whatever
 * the database's collation). UTF-8's byte order is code point order, so the range holds exactly
 * the strings that start with the prefix. Pure.
 */

/**
 * The least string greater than every string that starts with `prefix`: its last code point plus
 * one (past the surrogates, which no text holds); a last U+10FFFF is dropped and the one before it
 * raised. Undefined when there is none (an empty prefix, or one made of U+10FFFF alone).
 */
export function prefixEnd(prefix: string): string | undefined {
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    if (last === 0x10ffff) continue;
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    return points.join("") + String.fromCodePoint(next);
  }
  return undefined;
}
