import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { evaluation } from "./eval.js";

/** eval retrieval in process, on a small data set in the documented format. */
const test = useTestHome();
const retrieval = evaluation.commands[0] as (typeof evaluation.commands)[number];

const CASE = {
  id: "c1",
  documents: [
    { id: "d1", text: "I adopted a kitten named Miso last spring." },
    { id: "d2", text: "My car is a red hatchback." },
  ],
  queries: [{ id: "q1", text: "What is the name of my kitten?", gold: ["d1"], category: "pets" }],
};

describe("eval retrieval", () => {
  it("scores the cases and renders one row per category; --json is the report alone", async () => {
    const input = join(test.home, "cases.jsonl");
    await writeFile(input, `${JSON.stringify(CASE)}\n`);
    const scored = await runUnit(retrieval, test.memory, [], { input, k: "1,2", embedder: "none" });
    expect(scored.data.report).toMatchObject({ cases: 1, mode: "bm25", overall: { queries: 1, mrr: 1 } });
    expect(retrieval.toJson?.(scored.data)).toBe(scored.data.report);
    const [heading, header, overall, pets] = scored.text.split("\n");
    expect(heading).toMatch(/^1 case\(s\), mode bm25, fusion /);
    expect(header?.trim().split(/\s+/)).toEqual([
      "queries",
      "R_all@1",
      "R_any@1",
      "NDCG@1",
      "R_all@2",
      "R_any@2",
      "NDCG@2",
      "MRR",
    ]);
    expect(overall).toMatch(/^overall\s+1\s+1\.000/);
    expect(pets).toMatch(/^\s*pets\s+1\s+1\.000/);
  });

  it("--as documents indexes each turn of a session as one document and scores it by its own id", async () => {
    const input = join(test.home, "turns.jsonl");
    const turns = {
      id: "c2",
      documents: [
        { id: "t1", text: "Shall we take the ferry?", session: "s1" },
        { id: "t2", text: "Only if it runs on Sunday.", session: "s1", speaker: "maria" },
        { id: "t3", text: "My car is a red hatchback.", session: "s2" },
      ],
      queries: [{ id: "q1", text: "What did Maria answer?", gold: ["t2"] }],
    };
    await writeFile(input, `${JSON.stringify(turns)}\n`);
    const rankedOut = join(test.home, "ranked.jsonl");
    const options = { input, k: "1", embedder: "none", rankedOut };
    await runUnit(retrieval, test.memory, [], { ...options, as: "documents" });
    expect(JSON.parse(await readFile(rankedOut, "utf8")).ranked).toEqual(["t2"]);
  });

  it.each([
    [{ k: "0,5" }, /--k takes whole numbers like 5,10, not "0,5"/],
    [{ k: "5", textWeight: "2" }, /--text-weight is a number from 0 to 1, not "2"/],
    [{ k: "5", fusion: "best" }, /Unknown fusion "best"/],
    [{ k: "5", rankedOut: "r.jsonl", ablate: true }, /--ranked-out writes one set's rankings/],
  ])("refuses %o", async (options, message) => {
    await expect(runUnit(retrieval, test.memory, [], { input: "cases.jsonl", ...options })).rejects.toThrow(
      message,
    );
  });
});
