/**
 * `mnemo doctor` on memories that a save's consolidation would not have kept side by side (issue
 * 30, point 3): two memories of one type that say the same, one that says everything another says
 * and more, or two with other values on the same subject. Reported, never changed: which one holds
 * is for a person to say. Pure over the memory files doctor has read.
 *
 * Each memory is compared with the few of its type that share the most of its rarer words (the
 * way a save chooses its candidates), so a home of 2,000 memories costs about 2,000 × 6 comparisons.
 */

import { MEMORIES_DIR } from "../../rules/home-layout.js";
import { compareMemories } from "../consolidation/compare-memories.js";
import { memoryWords } from "../consolidation/memory-words.js";
import { plainTerms } from "../consolidation/plain-terms.js";
import { type MemoryHeader, parseMemoryFile } from "../memdir/memory-file.js";
import type { DoctorProblem } from "./doctor-problem.js";

/** Memories compared with each memory, at most. */
const CANDIDATES = 6;
/** A word that many memories hold does not choose candidates (it would choose them all). */
const MAX_POSTING = 200;

interface ParsedMemory {
  header: MemoryHeader;
  body: string;
  terms: Set<string>;
  time: string;
}

export function checkConsolidation(files: ReadonlyArray<{ path: string; text: string }>): DoctorProblem[] {
  const memories = parsedMemories(files);
  const postings = new Map<string, number[]>();
  memories.forEach((memory, position) => {
    for (const term of memory.terms) postings.set(term, [...(postings.get(term) ?? []), position]);
  });
  const problems: DoctorProblem[] = [];
  memories.forEach((memory, position) => {
    for (const other of candidatesOf(memory, position, memories, postings)) {
      // The newer memory is compared with the older one, as a save would have been.
      const [newer, older] = memory.time >= other.time ? [memory, other] : [other, memory];
      const problem = problemOf(newer, older);
      if (problem) problems.push(problem);
    }
  });
  return problems.sort((first, second) => first.path.localeCompare(second.path));
}

function parsedMemories(files: ReadonlyArray<{ path: string; text: string }>): ParsedMemory[] {
  return files.flatMap(({ path, text }) => {
    if (!path.startsWith(`${MEMORIES_DIR}/`)) return [];
    const parsed = parseMemoryFile(path, text);
    if (!parsed.ok) return [];
    const { header } = parsed;
    const body = parsed.body.trim();
    const terms = plainTerms(`${header.name} ${header.description} ${body}`);
    return [{ header, body, terms, time: header.updated ?? header.created ?? "" }];
  });
}

/** The memories after this one, of its type, that share the most of its rarer words. */
function candidatesOf(
  memory: ParsedMemory,
  position: number,
  memories: readonly ParsedMemory[],
  postings: ReadonlyMap<string, number[]>,
): ParsedMemory[] {
  const scores = new Map<number, number>();
  for (const term of memory.terms) {
    const holding = postings.get(term) ?? [];
    if (holding.length > MAX_POSTING) continue;
    const weight = Math.log(1 + memories.length / holding.length);
    for (const other of holding)
      if (other > position && memories[other]?.header.type === memory.header.type)
        scores.set(other, (scores.get(other) ?? 0) + weight);
  }
  return [...scores.entries()]
    .sort((first, second) => second[1] - first[1] || first[0] - second[0])
    .slice(0, CANDIDATES)
    .flatMap(([other]) => memories[other] ?? []);
}

function problemOf(newer: ParsedMemory, older: ParsedMemory): DoctorProblem | undefined {
  const comparison = compareMemories(
    { words: memoryWords(newer.body), nameWords: plainTerms(newer.header.name) },
    { words: memoryWords(older.body), nameWords: plainTerms(older.header.name) },
  );
  const other = `${older.header.path} ("${older.header.name}")`;
  const forget = `keep one: mnemo forget "${older.header.name}" or mnemo forget "${newer.header.name}"`;
  switch (comparison.relation) {
    case "same":
      return duplicate(newer, `says what ${other} says (${comparison.reason}); ${forget}`);
    case "refines":
      return duplicate(
        newer,
        `says everything ${other} says, and more; mnemo forget "${older.header.name}" keeps the fuller one`,
      );
    case "contradicts":
      return {
        kind: "conflicting-memories",
        path: newer.header.path,
        message: `may contradict ${other} (${comparison.reason}); check which holds now and forget or correct the other`,
        fixable: false,
      };
    default:
      return undefined;
  }
}

function duplicate(memory: ParsedMemory, message: string): DoctorProblem {
  return { kind: "duplicate-memories", path: memory.header.path, message, fixable: false };
}
