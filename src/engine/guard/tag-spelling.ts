/**
 * What a model reads past when it reads a tag name: compatibility forms (full-width and
 * mathematical letters) and accents (NFKD, then marks dropped), invisible format characters (zero-width space, joiners, soft hyphen,
 * bidirectional marks: Unicode category Cf), case, Latin look-alikes from Cyrillic and Greek, and
 * every character that is neither a letter nor a digit (spaces, newlines, `_`, hyphens and dashes
 * of any script, slashes). `</User\u200B\u2010Profile\n` and `<user-profile` spell the same name.
 *
 *     tagSpelling("/ Ｕｓｅｒ\u2010ｐｒｏｆｉｌｅ\n") // "userprofile"
 */

/** Cyrillic and Greek letters drawn like the Latin letters of mnemo's tag names (lower case). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: "a",
  с: "c",
  ԁ: "d",
  е: "e",
  ѕ: "s",
  һ: "h",
  і: "i",
  ј: "j",
  ӏ: "l",
  о: "o",
  р: "p",
  у: "y",
  х: "x",
  ѵ: "v",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  ı: "i",
  ɑ: "a",
  ɡ: "g",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/** Only the letters and digits of `text` as a model reads them, lower case and in Latin where they look Latin. */
export function tagSpelling(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, "");
}
