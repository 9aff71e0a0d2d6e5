/**
 * The things a query names side by side, each of which needs its own memory: "Which did I set up
 * first, the smart thermostat or the mesh network system?", "How many days passed between the
 * Walk for Hunger and the Coastal Cleanup?", "Who graduated first among Emma, Rachel and Alex?",
 * "How many episodes of 'How I Built This' and 'My Favorite Murder'?". One search ranks the
 * memories about the most distinctive of them first, and often several of those, so recall makes
 * sure each aspect is covered near the top (query-aspect coverage, rank-chunks.ts).
 *
 * Only explicit coordinations count: two or more quoted titles; "between A and B"; "among A, B
 * and C"; "before/after A did I B"; and alternatives after the question's last comma ("…, A or
 * B?"). A plain "or" inside a clause ("pick up or return") joins verbs, not things, and is left
 * alone. English only. Pure.
 */
import { queryTerms } from "../../rules/query-terms.js";

/** A question that names things side by side is a sentence or two, not a pasted page. */
const MAX_QUESTION_CHARS = 1000;
/** "among Emma, Rachel and Alex": a list longer than this is not a handful of things to cover. */
const MAX_ASPECTS = 8;

/** Each aspect as its own search terms; empty when the query names fewer than two things. */
export function queryAspects(query: string): string[][] {
  const text = query.normalize("NFKC").replace(/\s+/g, " ").trim();
  if (text.length > MAX_QUESTION_CHARS) return [];
  for (const parts of [quoted(text), between(text), among(text), beforeAfter(text), alternatives(text)]) {
    if (parts.length > MAX_ASPECTS) continue;
    const aspects = parts.map((part) => queryTerms(part)).filter((terms) => hasContent(terms));
    if (aspects.length < parts.length) continue; // a side with no word of its own: not a list of things
    const distinct = dedupe(aspects);
    if (distinct.length >= 2) return distinct;
  }
  return [];
}

/** 'The Nightingale', "Sapiens": quotes that open and close at word edges, so "Farmers' Market" and "Hitchhiker's" are not quotes. */
function quoted(text: string): string[] {
  const found = [
    ...text.matchAll(
      /(?<![\p{L}\p{N}])['"‘“]([^'"‘’“”]+?(?:['’][\p{L}][^'"‘’“”]*?)*)['"’”](?![\p{L}\p{N}])/gu,
    ),
  ];
  return found.map((match) => match[1] as string);
}

const DETERMINER = /^(?:the|my|a|an|his|her|their|our|when|i)\b/i;

/** "between A and B": split at the "and" that starts a new phrase when there are several. */
function between(text: string): string[] {
  const match = /\bbetween (.+?)[?.!]*$/i.exec(text);
  if (!match) return [];
  return splitOnce(match[1] as string, " and ");
}

/** "among A, B and C" / "among A, B, or C". */
function among(text: string): string[] {
  const match = /\bamong (.+?)[?.!]*$/i.exec(text);
  if (!match) return [];
  return listItems(match[1] as string);
}

/** "How many days before A did I B?": the two events compared. */
function beforeAfter(text: string): string[] {
  const match = /\b(?:before|after) (.+?) (?:did|do|was|were|had|have) I (.+?)[?.!]*$/i.exec(text);
  if (!match) return [];
  return [match[1] as string, match[2] as string];
}

/** "Which came first, A or B?": the alternatives after the last comma. */
function alternatives(text: string): string[] {
  const question = text.split(/(?<=[.!?]) /).at(-1) ?? text;
  const comma = question.lastIndexOf(",");
  if (comma < 0) return [];
  const tail = question.slice(comma + 1).replace(/[?.!]+$/, "");
  if (!/ or /i.test(tail)) return [];
  return tail.split(/ or /i).map((part) => part.trim());
}

function listItems(list: string): string[] {
  return list
    .split(/,\s*(?:and |or )?| and | or /i)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Splits at the `separator` followed by a new phrase ("and the day I …") when there is one, else at the first. */
function splitOnce(text: string, separator: string): string[] {
  const positions: number[] = [];
  for (let at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + 1)) positions.push(at);
  if (positions.length === 0) return [];
  const at =
    positions.find((position) => DETERMINER.test(text.slice(position + separator.length))) ?? positions[0];
  return [text.slice(0, at), text.slice((at as number) + separator.length)];
}

function hasContent(terms: string[]): boolean {
  return terms.some((term) => term.length > 1);
}

function dedupe(aspects: string[][]): string[][] {
  const seen = new Set<string>();
  return aspects.filter((terms) => {
    const key = terms.join(" ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
