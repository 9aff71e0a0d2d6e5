import { findInstructionLikeText } from "../guard/instruction-like-text.js";
import type { DoctorProblem } from "./doctor-problem.js";
import type { MemoryTextFile } from "./memory-text-files.js";

/**
 * Doctor's check for stored text that reads as an instruction to the model (see
 * findInstructionLikeText): reported with file and line for a person to judge, never rewritten.
 */
export function checkInstructionLikeText(files: readonly MemoryTextFile[]): DoctorProblem[] {
  const problems: DoctorProblem[] = [];
  for (const { path, text } of files) {
    for (const finding of findInstructionLikeText(text)) {
      problems.push({
        kind: "instruction-like-text",
        path,
        line: finding.line,
        message: `reads as an instruction to the model (${finding.kind}: "${finding.excerpt}"); memory is replayed into every prompt, so remove it unless you wrote it on purpose`,
        fixable: false,
      });
    }
  }
  return problems;
}
