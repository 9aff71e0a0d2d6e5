import { findInstructionLikeText } from "../guard/instruction-like-text.js";
import type { HomeContext } from "../home/home-context.js";
import type { DoctorProblem } from "./doctor-problem.js";
import { memoryTextFiles } from "./memory-text-files.js";

/**
 * Doctor's check for stored text that reads as an instruction to the model (see
 * findInstructionLikeText): reported with file and line for a person to judge, never rewritten.
 */
export async function checkInstructionLikeText(home: HomeContext): Promise<DoctorProblem[]> {
  const problems: DoctorProblem[] = [];
  for (const { path, text } of await memoryTextFiles(home)) {
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
