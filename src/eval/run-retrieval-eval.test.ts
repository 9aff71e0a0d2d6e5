import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempDir, removeDir } from "../testing/test-home.js";
import { runRetrievalEval } from "./run-retrieval-eval.js";

let folder = "";
afterEach(async () => removeDir(folder));

const CASE = {
  id: "case-1",
  documents: [
    { id: "pet", text: "The pet of the user is a cat named Miso." },
    { id: "job", text: "The user works as a nurse in Lyon." },
  ],
  queries: [{ id: "q1", text: "what pet does the user have", gold: ["pet"], category: "single" }],
};

describe("runRetrievalEval", () => {
  test("scores its cases without an onCase callback (it reported 'has no cases' unless one was passed)", async () => {
    folder = await makeTempDir("mnemo-eval-");
    const input = join(folder, "cases.jsonl");
    await writeFile(input, `${JSON.stringify(CASE)}\n`);
    const report = await runRetrievalEval({
      input,
      ks: [1],
      fusion: { method: "weighted", textWeight: 0.3 },
    });
    expect(report.cases).toBe(1);
    expect(report.overall.recallAll[1]).toBe(1);
  });
});
