/**
 * MEMORY.md's index lines as consolidation chooses among them (consolidation-candidates.ts): each
 * line's memory path, type (from the file name) and terms. A save in a home of 2,000 memories reads
 * all 2,000 lines, and all but one or two are as the last save left them, so each line's reading is
 * remembered under the line's text: one lookup a line. An LRU cache here, and a key built from the
 * parsed line, were a fifth of a consolidated save's CPU (bench/consolidation/save-cpu.ts).
 *
 * Index-shaped lines outside the index section only add a candidate, which is read from memories/
 * and compared like any other.
 */
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import { parseIndexLine } from "../memdir/memory-index.js";
import { parseMemoryFileName } from "../memdir/memory-name.js";
import type { MemoryType } from "../memdir/memory-types.js";
import { plainTerms } from "./plain-terms.js";

export interface CandidateLine {
  path: string;
  /** The memory's type, read from its file name; undefined for a file name of another shape. */
  type: MemoryType | undefined;
  /** The terms of the line's title and summary. */
  terms: ReadonlySet<string>;
}

/** Lines remembered at most; past this the memory starts again from the lines of the text at hand. */
const MAX_REMEMBERED = 50_000;
let remembered = new Map<string, CandidateLine | false>();

export function candidateLines(memoryText: string): CandidateLine[] {
  if (remembered.size > MAX_REMEMBERED) remembered = new Map();
  const lines: CandidateLine[] = [];
  for (let start = 0; start < memoryText.length; ) {
    const newline = memoryText.indexOf("\n", start);
    const end = newline === -1 ? memoryText.length : newline + 1;
    if (memoryText.startsWith("- [", start) || memoryText.startsWith("* [", start)) {
      const line = memoryText.slice(start, end);
      let known = remembered.get(line);
      if (known === undefined) {
        known = readLine(line);
        remembered.set(line, known);
      }
      if (known !== false) lines.push(known);
    }
    start = end;
  }
  return lines;
}

function readLine(line: string): CandidateLine | false {
  const parsed = parseIndexLine(line);
  if (parsed === undefined || !parsed.path.startsWith(`${MEMORIES_DIR}/`)) return false;
  return {
    path: parsed.path,
    type: parseMemoryFileName(parsed.path)?.type,
    terms: plainTerms(`${parsed.title}\n${parsed.summary}`),
  };
}
