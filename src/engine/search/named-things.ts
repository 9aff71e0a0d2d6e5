/**
 * Whether a text names something: a capitalised word inside a sentence ("I take Zumba classes",
 * "my subscription to The New Yorker", "boots from Zara", "the party on Saturday"). The answer to
 * "How many classes do I take?" is counted over memories that each tell of one particular thing,
 * and a particular thing is named or dated, so naming something is a sign that a text is one of
 * them (as list questions were answered with named entities of the asked type in TREC). Days and
 * months count: measured on LongMemEval_S, leaving them out found one multi-session question fewer
 * at turn level and lost one at session level. A sentence's first word and "I" do not count: they
 * are capitalised whatever the text is about.
 */

const SENTENCE_END = /(?<=[.!?])\s+|\n+/;
const HAS_LETTER = /\p{L}/u;
const CAPITALISED = /^\p{Lu}[\p{L}\p{N}'’-]*$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const FIRST_PERSON = /^I(?:['’](?:m|ve|ll|d))?$/;

export function namesSomething(text: string): boolean {
  for (const sentence of text.split(SENTENCE_END)) {
    // A list marker or heading mark is not the sentence's first word: "- Prefers tea" names nothing.
    const words = sentence.split(/\s+/).filter((word) => HAS_LETTER.test(word));
    for (let at = 1; at < words.length; at++) {
      const word = (words[at] as string).replace(EDGE_PUNCTUATION, "");
      if (CAPITALISED.test(word) && !FIRST_PERSON.test(word)) return true;
    }
  }
  return false;
}
