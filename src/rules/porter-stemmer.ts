/**
 * The Porter stemmer exactly as SQLite's FTS5 `porter` tokenizer applies it (fts5_tokenize.c), so
 * that PostgreSQL's BM25 sees the same terms as the embedded index's FTS5: a token shorter than 3
 * or longer than 64 bytes is left as it is; the steps work on the token's UTF-8 bytes (here a
 * "binary" string, one character per byte), so a non-ASCII byte counts as a consonant, as in C.
 * Written from the algorithm and checked word by word against FTS5 itself (porter-stemmer.test.ts).
 */
type Condition = (stem: string) => boolean;

interface Rule {
  suffix: string;
  replacement: string;
  condition: Condition;
}

const MAX_STEMMED_BYTES = 64;

function isVowel(character: string, yIsVowel: boolean): boolean {
  return "aeiou".includes(character) || (yIsVowel && character === "y");
}

/** Skips [C]V+C from `start`; the position after that consonant, or 0 when there is none. */
function afterVowelConsonant(stem: string, start: number, previousIsConsonant: boolean): number {
  let consonant = previousIsConsonant;
  let position = start;
  for (; position < stem.length; position++) {
    consonant = !isVowel(stem.charAt(position), consonant);
    if (!consonant) break;
  }
  for (position++; position < stem.length; position++) {
    consonant = !isVowel(stem.charAt(position), consonant);
    if (consonant) return position + 1;
  }
  return 0;
}

/** The measure m of the stem is greater than 0. */
const measureAbove0: Condition = (stem) => afterVowelConsonant(stem, 0, false) !== 0;

/** m > 1. */
const measureAbove1: Condition = (stem) => {
  const first = afterVowelConsonant(stem, 0, false);
  return first !== 0 && afterVowelConsonant(stem, first, true) !== 0;
};

/** m = 1. */
const measureIs1: Condition = (stem) => {
  const first = afterVowelConsonant(stem, 0, false);
  return first !== 0 && afterVowelConsonant(stem, first, true) === 0;
};

/** *v*: the stem holds a vowel (a "y" counts as one anywhere but first). */
const hasVowel: Condition = (stem) => [...stem].some((character, index) => isVowel(character, index > 0));

/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
const endsConsonantVowelConsonant: Condition = (stem) => {
  if ("wxy".includes(stem.charAt(stem.length - 1))) return false;
  let consonant = false;
  let mask = 0;
  for (const character of stem) {
    consonant = !isVowel(character, consonant);
    mask = (mask << 1) | (consonant ? 1 : 0);
  }
  return (mask & 0b111) === 0b101;
};

const always: Condition = () => true;

function rules(condition: Condition, table: string): Rule[] {
  return table.split(" ").map((pair) => {
    const [suffix = "", replacement = ""] = pair.split(":");
    return { suffix, replacement, condition };
  });
}

const STEP_2 = rules(
  measureAbove0,
  "ational:ate tional:tion enci:ence anci:ance izer:ize logi:log bli:ble alli:al entli:ent eli:e ousli:ous " +
    "ization:ize ation:ate ator:ate alism:al iveness:ive fulness:ful ousness:ous aliti:al iviti:ive biliti:ble",
);
const STEP_3 = rules(measureAbove0, "ical:ic ness: icate:ic iciti:ic ful: ative: alize:al");
const STEP_4 = [
  ...rules(measureAbove1, "al: ance: ence: er: ic: able: ible: ant: ement: ment: ent:"),
  { suffix: "ion", replacement: "", condition: (stem: string) => /[st]$/.test(stem) && measureAbove1(stem) },
  ...rules(measureAbove1, "ou: ism: ate: iti: ous: ive: ize:"),
];
const STEP_1B2 = rules(always, "at:ate bl:ble iz:ize");

/**
 * The first rule whose suffix ends the word (leaving a non-empty stem) is the only one tried: it is
 * applied when its condition holds. FTS5's generated code behaves so, as the rules sharing a
 * next-to-last letter are tried in this order and no others can match.
 */
function applyFirstMatching(word: string, table: Rule[]): { word: string; applied: boolean } {
  const rule = table.find(({ suffix }) => word.length > suffix.length && word.endsWith(suffix));
  if (!rule) return { word, applied: false };
  const stem = word.slice(0, word.length - rule.suffix.length);
  if (!rule.condition(stem)) return { word, applied: false };
  return { word: stem + rule.replacement, applied: true };
}

function step1a(word: string): string {
  if (!word.endsWith("s")) return word;
  if (word.endsWith("es")) {
    const dropsTwo = (word.length > 4 && word.endsWith("sses")) || (word.length > 3 && word.endsWith("ies"));
    return word.slice(0, dropsTwo ? -2 : -1);
  }
  return word.endsWith("ss") ? word : word.slice(0, -1);
}

function step1b(word: string): string {
  if (word.length > 3 && word.endsWith("eed")) {
    return measureAbove0(word.slice(0, -3)) ? word.slice(0, -1) : word;
  }
  const suffix = word.length > 2 && word.endsWith("ed") ? 2 : word.length > 3 && word.endsWith("ing") ? 3 : 0;
  if (suffix === 0 || !hasVowel(word.slice(0, -suffix))) return word;
  const stem = word.slice(0, -suffix);
  const extended = applyFirstMatching(stem, STEP_1B2);
  if (extended.applied) return extended.word;
  const last = stem.charAt(stem.length - 1);
  if (!isVowel(last, false) && !"lsz".includes(last) && last === stem.charAt(stem.length - 2)) {
    return stem.slice(0, -1);
  }
  return measureIs1(stem) && endsConsonantVowelConsonant(stem) ? `${stem}e` : stem;
}

function step5(word: string): string {
  let stemmed = word;
  if (stemmed.endsWith("e")) {
    const stem = stemmed.slice(0, -1);
    if (measureAbove1(stem) || (measureIs1(stem) && !endsConsonantVowelConsonant(stem))) stemmed = stem;
  }
  if (stemmed.length > 1 && stemmed.endsWith("ll") && measureAbove1(stemmed.slice(0, -1))) {
    stemmed = stemmed.slice(0, -1);
  }
  return stemmed;
}

/** The stem of one lower-case token, as FTS5's porter tokenizer would index it. */
export function porterStem(token: string): string {
  const bytes = Buffer.from(token, "utf8");
  if (bytes.length < 3 || bytes.length > MAX_STEMMED_BYTES) return token;
  let word = step1b(step1a(bytes.toString("latin1")));
  if (word.endsWith("y") && hasVowel(word.slice(0, -1))) word = `${word.slice(0, -1)}i`;
  for (const table of [STEP_2, STEP_3, STEP_4]) word = applyFirstMatching(word, table).word;
  return Buffer.from(step5(word), "latin1").toString("utf8");
}
