/** What replaces the end of a text cut to fit a budget. */
export const TRUNCATION_MARKER = " […truncated]";

const MARKER_CHARACTERS = [...TRUNCATION_MARKER].length;

/**
 * Cuts `text` to at most `maxCharacters` characters (Unicode code points, as mnemo's other budgets
 * count them), ending it with TRUNCATION_MARKER when something was cut. Reads no further than it needs
 * to, so a huge string costs no more than a short one. With less room than the marker itself, a text
 * that does not fit becomes "".
 */
export function truncateText(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  const keep = maxCharacters - MARKER_CHARACTERS;
  let count = 0;
  let index = 0;
  let cutAt = 0;
  for (const character of text) {
    if (count === keep) cutAt = index;
    if (count === maxCharacters) return keep < 0 ? "" : `${text.slice(0, cutAt)}${TRUNCATION_MARKER}`;
    count++;
    index += character.length;
  }
  return text;
}

/** One line of text: line breaks become spaces (for headings and lists in the rendered prompt). */
export function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}
