/**
 * The words of a message as long-term memory compares them (issue 12, point 5). What must not tell
 * two messages apart is removed here: letter case, the punctuation around words ("released!",
 * "(as Markdown)", '"settings.yaml"'), curly apostrophes and how words are spaced. What can carry a
 * fact is kept: punctuation inside a word ("2.3.1", "eu-west-1", "ops@example.com", "don't") and the
 * signs and symbols that lead one ("-5", "$1,200", "@dana", "#482").
 */
export interface FactToken {
  /** As written, outer punctuation removed: capitals tell names from ordinary words. */
  text: string;
  /** `text` in lower case: what is compared. */
  lower: string;
  /** First word of the text, of a line, or after . ! ? : ; — capitalised anyway. */
  sentenceStart: boolean;
}

// Trimmed with loops, not regular expressions: `[…]+$` backtracks quadratically on a long run of
// punctuation ("!!!…!x" of 50 000 characters took 9 s).
/** Quotes, brackets and emphasis marks that may open a word. */
const OPENING = new Set("(\"'`[{<«“‘„¿¡*~");
/** Sentence punctuation, quotes, brackets and emphasis marks that may close a word. */
const CLOSING = new Set(".,;:!?)\"'`]}>»”’…*~");
const SENTENCE_END = new Set(".!?:;");
const CLOSING_QUOTE = new Set("\"')]”’»");
/** A word has a letter or a digit; "%" is kept so that "0.5 %" still reads as a percentage. */
const MEANINGFUL = /[\p{L}\p{N}%]/u;

/** Unicode compatibility forms (full-width digits, ligatures) and typographic quotes made plain. */
function plain(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[’‘ʼ′]/gu, "'")
    .replace(/[“”″]/gu, '"');
}

/** The words of `text`, in order. */
export function factTokens(text: string): FactToken[] {
  const tokens: FactToken[] = [];
  let sentenceStart = true;
  for (const match of plain(text).matchAll(/(\s*)(\S+)/gu)) {
    const [, space = "", raw = ""] = match;
    if (space.includes("\n")) sentenceStart = true;
    const word = trimPunctuation(raw);
    if (MEANINGFUL.test(word)) {
      tokens.push({ text: word, lower: word.toLowerCase(), sentenceStart });
      sentenceStart = false;
    }
    if (endsSentence(raw)) sentenceStart = true;
  }
  return tokens;
}

function trimPunctuation(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && OPENING.has(raw.charAt(start))) start++;
  while (end > start && CLOSING.has(raw.charAt(end - 1))) end--;
  return raw.slice(start, end);
}

/** Ends with . ! ? : or ;, maybe followed by closing quotes and brackets. */
function endsSentence(raw: string): boolean {
  let end = raw.length;
  while (end > 0 && CLOSING_QUOTE.has(raw.charAt(end - 1))) end--;
  return end > 0 && SENTENCE_END.has(raw.charAt(end - 1));
}

/**
 * The text with only what matters left: its words in lower case, one space apart. Two messages
 * with the same canonical text are the same message ("Version 2.3.1 released!" and
 * "version 2.3.1 released"); it is also what the embedding model is given.
 */
export function canonicalText(text: string): string {
  return factTokens(text)
    .map((token) => token.lower)
    .join(" ");
}
