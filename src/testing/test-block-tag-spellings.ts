import { fc } from "@fast-check/vitest";
import { BLOCK_TAGS } from "../engine/guard/neutralize-block-tags.js";

/**
 * mnemo's block tags as a forger spells them so that a model still reads the tag (issue 26):
 * invisible characters and line breaks inside, any hyphen or dash, full-width or upper-case
 * letters and brackets; and an oracle, written apart from the neutraliser, that reads text as a
 * model does and lists the block tags in it.
 */
/** Invisible characters a forger may slip into a tag (Unicode Cf, and the soft hyphen). */
const INVISIBLE = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u200E"];
/** What a forger may put where the tag's hyphen goes: hyphens and dashes of Unicode, spacing, nothing. */
const HYPHENS = [
  "-",
  "_",
  "\u2010",
  "\u2011",
  "\u2012",
  "\u2013",
  "\u2014",
  "\u2212",
  "\uFE63",
  "\uFF0D",
  " ",
  "\n",
  "",
];
const SPACING = [" ", "\n", "\t", "\r\n", " \n "];

/** One letter of a tag name as a forger may write it: as is, upper case, full width, with something invisible or a space after it. */
const forgedLetter = (letter: string) =>
  fc
    .tuple(
      fc.constantFrom("as-is", "upper", "full-width"),
      fc.option(fc.constantFrom(...INVISIBLE, ...SPACING), { freq: 4 }),
    )
    .map(([form, after]) => {
      const shown =
        form === "upper"
          ? letter.toUpperCase()
          : form === "full-width"
            ? String.fromCharCode(letter.charCodeAt(0) + 0xfee0)
            : letter;
      return shown + (after ?? "");
    });

/** Any of mnemo's block tags, opening or closing, spelt so that a model still reads it as the tag. */
export const spelledBlockTag = fc
  .constantFrom(...BLOCK_TAGS)
  .chain((tag) =>
    fc
      .tuple(
        fc.constantFrom("<", "\uFF1C", "\uFE64"),
        fc.constantFrom("", "/", "\uFF0F", "/ ", " /", "\u200B/"),
        fc.tuple(
          ...tag
            .split("")
            .map((letter) => (letter === "-" ? fc.constantFrom(...HYPHENS) : forgedLetter(letter))),
        ),
        fc.constantFrom("", " ", "\n", ' class="x"', "\u200B", " \n "),
        fc.constantFrom(">", "\uFF1E", "\uFE65"),
      )
      .map(([open, slash, letters, tail, close]) => `${open}${slash}${letters.join("")}${tail}${close}`),
  );

/**
 * The block tags in `text` as a model reads it: compatibility forms (NFKC), no invisible characters,
 * no spacing, hyphens or underscores, lower case. "</user\u200Bprofile\n>" reads "</userprofile>".
 */
export function tagsAModelReads(text: string): string[] {
  const read = text
    .normalize("NFKC")
    .replace(/[\p{Cf}\s\p{Pd}_\u2212]/gu, "")
    .toLowerCase();
  const names = BLOCK_TAGS.map((tag) => tag.replace("-", "")).join("|");
  return read.match(new RegExp(`<\\/?(?:${names})[^<>]*>`, "g")) ?? [];
}
