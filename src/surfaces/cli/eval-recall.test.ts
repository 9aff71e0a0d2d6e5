import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

let root: string;
beforeEach(async () => {
  root = await makeTempDir("mnemo-cli-eval-");
});
afterEach(async () => removeDir(root));

const CASES = [
  {
    id: "c1",
    documents: [
      { id: "d1", text: "I adopted a kitten named Miso last spring." },
      { id: "d2", text: "My car is a red hatchback." },
      { id: "d3", text: "The kitten Miso loves the window seat." },
    ],
    queries: [
      { id: "q1", text: "What is the name of my kitten?", gold: ["d1", "d3"], category: "pets" },
      { id: "q2", text: "What colour is my car?", gold: ["d2"], category: "things" },
    ],
  },
  {
    id: "c2",
    documents: [
      { id: "a", text: "We moved to Lisbon in 2021." },
      { id: "b", text: "Lunch was a tuna sandwich." },
    ],
    queries: [{ id: "q3", text: "Which city did we move to?", gold: ["a"] }],
  },
];

describe("mnemo eval retrieval", () => {
  it("scores any data set in the documented format and writes the rankings", async () => {
    const input = join(root, "cases.jsonl");
    await writeFile(input, `${CASES.map((line) => JSON.stringify(line)).join("\n")}\n`);
    const rankedOut = join(root, "ranked.jsonl");
    const result = runMnemo([
      "eval",
      "retrieval",
      "--input",
      input,
      "--k",
      "1,2",
      "--embedder",
      "none",
      "--ranked-out",
      rankedOut,
      "--json",
      "--home",
      join(root, "home"),
    ]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({
      cases: 2,
      mode: "bm25",
      overall: { queries: 3, recallAll: { 2: 1 }, recallAny: { 1: 1 }, mrr: 1 },
    });
    expect(report.overall.recallAll["1"]).toBeCloseTo(2 / 3, 10);
    expect(Object.keys(report.byCategory)).toEqual(["pets", "things"]);
    expect(report.latencyMs.p50).toBeGreaterThan(0);
    const ranked = (await readFile(rankedOut, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(ranked).toEqual([
      { case: "c1", query: "q1", ranked: expect.arrayContaining(["d1", "d3"]) },
      { case: "c1", query: "q2", ranked: expect.arrayContaining(["d2"]) },
      { case: "c2", query: "q3", ranked: expect.arrayContaining(["a"]) },
    ]);
    expect(ranked[1].ranked[0]).toBe("d2");
  });

  it("prints a table, and names the line of a malformed case", async () => {
    const input = join(root, "cases.jsonl");
    await writeFile(input, `${JSON.stringify(CASES[0])}\n`);
    const table = runMnemo([
      "eval",
      "retrieval",
      "--input",
      input,
      "--embedder",
      "none",
      "--home",
      join(root, "home"),
    ]);
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/R_all@5\s+R_any@5\s+NDCG@5/);
    await writeFile(input, `${JSON.stringify(CASES[0])}\n{"id": "x", "documents": []}\n`);
    const bad = runMnemo([
      "eval",
      "retrieval",
      "--input",
      input,
      "--embedder",
      "none",
      "--home",
      join(root, "home"),
    ]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cases\.jsonl line 2: documents/);
  });

  it("--as documents indexes a conversation's turns as documents; another form is refused by name", async () => {
    const input = join(root, "turns.jsonl");
    const ranked = join(root, "ranked.jsonl");
    const turns = {
      id: "c3",
      documents: [
        { id: "t1", text: "Shall we take the ferry?", session: "s1" },
        { id: "t2", text: "Only if it runs on Sunday.", session: "s1", speaker: "maria" },
      ],
      queries: [{ id: "q1", text: "What did Maria answer?", gold: ["t2"] }],
    };
    await writeFile(input, `${JSON.stringify(turns)}\n`);
    const common = [
      "eval",
      "retrieval",
      "--input",
      input,
      "--embedder",
      "none",
      "--home",
      join(root, "home"),
    ];
    const documents = runMnemo([...common, "--as", "documents", "--ranked-out", ranked, "--k", "1"]);
    expect(documents.status, documents.stderr).toBe(0);
    expect(JSON.parse(await readFile(ranked, "utf8")).ranked).toEqual(["t2"]);
    const wrong = runMnemo([...common, "--as", "notes"]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/--as <form>.*notes.*messages, documents/s);
  });
});

/** A question asking for hours: the text stating them shares fewer of its words than one that does not. */
const HOURS = {
  id: "c3",
  documents: [
    { id: "stated", text: "Played guitar for 10 hours this week." },
    { id: "talk", text: "I spend my evenings on guitar practice; guitar practice is my favourite hobby." },
  ],
  queries: [{ id: "q4", text: "How many hours did I spend on guitar practice?", gold: ["stated"] }],
};

describe("mnemo eval retrieval on a suite", () => {
  it("takes --input twice: one table with each set, its categories and the macro average; --ablate turns each stage off", async () => {
    const pets = join(root, "pets.jsonl");
    const moves = join(root, "moves.jsonl.gz");
    await writeFile(pets, `${JSON.stringify(CASES[0])}\n`);
    await writeFile(moves, gzipSync(`${[CASES[1], HOURS].map((line) => JSON.stringify(line)).join("\n")}\n`));
    const common = ["eval", "retrieval", "--input", pets, "--input", moves, "--embedder", "none"];
    const table = runMnemo([...common, "--home", join(root, "home")]);
    expect(table.status, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]?.split(/\s+/)).toEqual([
      "set",
      "category",
      "queries",
      "R_all@5",
      "recall@5",
      "R_all@10",
      "MRR",
    ]);
    expect(lines.map((line) => line.split(/\s{2,}/).slice(0, 3))).toEqual([
      ["set", "category", "queries"],
      ["pets", "all", "2"],
      ["pets", "pets", "1"],
      ["pets", "things", "1"],
      ["moves", "all", "2"],
      ["macro average", "4", "1.000"],
    ]);
    const json = JSON.parse(runMnemo([...common, "--json", "--home", join(root, "home")]).stdout);
    expect(json.sets.map((set: { name: string }) => set.name)).toEqual(["pets", "moves"]);
    expect(json.macro).toMatchObject({ queries: 4, recallAll: { 5: 1 }, mrr: 0.875 });

    const ablated = runMnemo([
      ...common,
      ...["--k", "1", "--answer-type-weight", "10", "--ablate", "--home", join(root, "home")],
    ]);
    expect(ablated.status, ablated.stderr).toBe(0);
    // Without the answer type, the text sharing the most words outranks the one stating hours.
    expect(ablated.stdout).toMatch(/^without answer type \(search\.answerTypeWeight=0\)$/m);
    expect(ablated.stdout).toMatch(
      /^answer type\s+0\.500 \(-0\.250\)\s+0\.500 \(\+0\.000\)\s+0\.500 \(-0\.500\)$/m,
    );
    expect(ablated.stdout).toMatch(/^moves\s+2\s+0\.500 \(-0\.500\)/m);
    expect(ablated.stdout).toMatch(/^time window\s+0\.750 \(\+0\.000\)/m);
    // Without a model there are no vectors to turn off, and BM25 is all there is.
    expect(ablated.stdout).not.toMatch(/without (vectors|bm25|feedback)/);
  });
});

describe("mnemo recall and reindex", () => {
  it("finds what was remembered, with its file and line, in text and JSON", async () => {
    const home = join(root, "home");
    const env = { MNEMO_EMBEDDER: "none" };
    expect(
      runMnemo(["remember", "Owns a kitten named Miso.", "--type", "user", "--name", "Pet", "--home", home], {
        env,
      }).status,
    ).toBe(0);
    const text = runMnemo(["recall", "kitten", "--home", home], { env });
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/memories\/user_pet\.md:1 \(Pet\) · today · relevance \d\.\d\d\n\s+Pet\n/);
    const json = JSON.parse(
      runMnemo(["recall", "kitten", "--json", "--limit", "1", "--home", home], { env }).stdout,
    );
    expect(json).toMatchObject({
      mode: "bm25",
      hits: [{ path: "memories/user_pet.md", memoryType: "user" }],
    });
    const reindex = runMnemo(["reindex", "--home", home], { env });
    expect(reindex.status, reindex.stderr).toBe(0);
    expect(reindex.stdout).toMatch(/Indexed 2 file\(s\)/);
    expect(runMnemo(["recall", "x", "--limit", "0", "--home", home], { env }).status).toBe(2);
    expect(runMnemo(["recall", "x", "--kind", "nope", "--home", home], { env }).status).toBe(2);
  });
});
