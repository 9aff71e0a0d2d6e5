import { readFile, writeFile } from "node:fs/promises";
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

  test("documents with a session are indexed as conversation messages and scored by their own ids", async () => {
    folder = await makeTempDir("mnemo-eval-");
    const input = join(folder, "cases.jsonl");
    const rankedOut = join(folder, "ranked.jsonl");
    const conversation = {
      id: "case-2",
      documents: [
        {
          id: "s1_1",
          text: "Shall we book the flights to Lisbon?",
          session: "s1",
          timestamp: "2023-05-20T07:47",
        },
        { id: "s1_3", text: "Done, we fly on May 3rd.", session: "s1", timestamp: "2023-05-20T07:49" },
        { id: "s2_1", text: "My sister adopted a kitten.", session: "s2", speaker: "Caroline" },
        { id: "loose", text: "A note that belongs to no conversation." },
      ],
      queries: [{ id: "q1", text: "kitten", gold: ["s2_1"] }],
    };
    await writeFile(input, `${JSON.stringify(conversation)}\n`);
    const report = await runRetrievalEval({
      input,
      ks: [1],
      fusion: { method: "weighted", textWeight: 0.3 },
      rankedOut,
    });
    expect(report.overall.recallAll[1]).toBe(1);
    const ranked = JSON.parse(await readFile(rankedOut, "utf8")).ranked;
    expect(ranked[0]).toBe("s2_1");
  });
});
