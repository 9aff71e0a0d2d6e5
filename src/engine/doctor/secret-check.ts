import { scanForSecrets } from "../guard/scan-secrets.js";
import type { DoctorProblem } from "./doctor-problem.js";
import type { MemoryTextFile } from "./memory-text-files.js";

/**
 * Doctor's check for credentials already on disk: written by hand, or before mnemo guarded its
 * writes. Reported with file, line and kind (never the secret itself); doctor does not rewrite them,
 * as --fix never loses a byte: the person removes or rotates the secret.
 */
export function checkStoredSecrets(files: readonly MemoryTextFile[]): DoctorProblem[] {
  const problems: DoctorProblem[] = [];
  for (const { path, text } of files) {
    for (const finding of scanForSecrets(text)) {
      problems.push({
        kind: "stored-secret",
        path,
        line: text.slice(0, finding.start).split("\n").length,
        message: `holds what looks like a credential (${finding.kind}); remove it by hand and rotate it if it is real`,
        fixable: false,
      });
    }
  }
  return problems;
}
