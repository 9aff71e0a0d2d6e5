/**
 * The byte-order range of the strings that start with a prefix, so that a name lookup reads a few
 * rows of an index on `path COLLATE "C"` instead of every row of the folder. In the C collation
 * text compares by its UTF-8 bytes, which is code point order: every string starting with
 * `prefix` is >= it and < `prefixEnd(prefix)`. Pure.
 */

/** The least string after every string starting with `prefix`; undefined when there is none. */
export function prefixEnd(prefix: string): string | undefined {
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    if (last >= 0x10ffff) continue;
    // The surrogates are no characters: the one after U+D7FF is U+E000.
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    return points.join("") + String.fromCodePoint(next);
  }
  return undefined;
}
