import { describe, expect, test } from "vitest";
import { readLongMemEvalUserTurns } from "../../testing/test-longmemeval-turns.js";
import { findInstructionLikeText } from "./instruction-like-text.js";
import { scanForSecrets } from "./scan-secrets.js";

/**
 * How often the guard fires on what people really tell an assistant (LongMemEval_S user turns,
 * read from the shared data folder; skipped when it is absent). bench/guard/secret-guard.ts
 * measures all 93,672 turns with examples; this keeps a slice of them under the promised rates.
 * Not in the mutation module: reading the turns takes seconds, once per mutant.
 */
const turns = readLongMemEvalUserTurns();
if (turns === undefined)
  console.warn(
    "LongMemEval user turns absent: the false-positive tests are skipped (set MNEMO_LONGMEMEVAL_TURNS)",
  );

describe("false positives on LongMemEval_S user turns", () => {
  test.skipIf(turns === undefined)("the secret scanner fires on at most 0.05% of 20,000 turns", () => {
    const slice = (turns ?? []).slice(0, 20_000);
    const fired = slice.filter((turn) => scanForSecrets(turn).length > 0);
    expect(fired.length / slice.length).toBeLessThanOrEqual(0.0005);
  });

  test.skipIf(turns === undefined)("the instruction heuristic fires on at most 0.5% of 8,000 turns", () => {
    const slice = (turns ?? []).slice(0, 8000);
    const fired = slice.filter((turn) => findInstructionLikeText(turn).length > 0);
    expect(fired.length / slice.length).toBeLessThanOrEqual(0.005);
  });
});
