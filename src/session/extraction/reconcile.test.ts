import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { jaccard, wordSet } from "../../engine/consolidation/text-similarity.js";
import { memoryPath } from "../../engine/memdir/memory-name.js";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import type { EntryCandidate, MemoryCandidate } from "./extraction-candidates.js";
import { duplicateReason, type ExistingMemory, type ReconcileInput, reconcile } from "./reconcile.js";

const existing: ExistingMemory = {
  path: "memories/project_release-date.md",
  name: "Release date",
  type: "project",
  description: "When version 2 ships",
  body: "Version 2 ships on Thursday 2026-03-05 after the mobile branch is cut.",
};

function candidate(part: Partial<MemoryCandidate>): MemoryCandidate {
  return {
    type: "project",
    name: "New",
    description: "",
    body: "Something else entirely.",
    supersedes: undefined,
    ...part,
  };
}

function input(part: Partial<ReconcileInput>): ReconcileInput {
  return {
    memories: [],
    entries: [],
    existingMemories: [existing],
    existingEntries: [],
    duplicateSimilarity: 0.8,
    ...part,
  };
}

describe("reconcile: memories", () => {
  test("an exact duplicate (case, spacing, punctuation aside) is skipped", () => {
    const body = "version 2 ships on thursday, 2026 03 05 — after the mobile branch is cut";
    const [decision] = reconcile(input({ memories: [candidate({ name: "Ship day", body })] })).memories;
    expect(decision).toMatchObject({ action: "skip", reason: `exact duplicate of ${existing.path}` });
  });

  test("a near duplicate is skipped and the reason gives the overlap", () => {
    const body = "Version 2 ships on Thursday 2026-03-05 after the mobile branch gets cut.";
    const [decision] = reconcile(input({ memories: [candidate({ name: "Ship day", body })] })).memories;
    expect(decision?.action).toBe("skip");
    expect(decision?.action === "skip" && decision.reason).toMatch(
      /^near duplicate of memories\/project_release-date\.md \(word overlap 0\.8\d >= 0\.8\)$/,
    );
  });

  test("the same name with different content supersedes", () => {
    const body = "Version 2 ships on Friday 2026-03-06 after the mobile branch is cut.";
    const [decision] = reconcile(input({ memories: [candidate({ name: "release date", body })] })).memories;
    expect(decision).toMatchObject({ action: "write", replaces: [existing] });
  });

  test("a correction whose words overlap above the near-duplicate threshold still supersedes", () => {
    // Only "Thursday" becomes "Friday": 13 words shared of 15, an overlap of 0.87, over the 0.8 at
    // which a new memory would be skipped as a near duplicate. A correction must not be.
    const body = "Version 2 ships on Friday 2026-03-05 after the mobile branch is cut.";
    expect(jaccard(wordSet(body), wordSet(existing.body))).toBeGreaterThanOrEqual(0.8);
    const byName = reconcile(input({ memories: [candidate({ name: "Release date", body })] }));
    expect(byName.memories[0]).toMatchObject({ action: "write", replaces: [existing] });
    const bySupersedes = reconcile(
      input({ memories: [candidate({ name: "Ship day", body, supersedes: "Release date" })] }),
    );
    expect(bySupersedes.memories[0]).toMatchObject({ action: "write", replaces: [existing] });
    // The same text under another name, superseding nothing, is the near duplicate it looks like.
    const unrelated = reconcile(input({ memories: [candidate({ name: "Ship day", body })] }));
    expect(unrelated.memories[0]?.action).toBe("skip");
  });

  test("a name that only shares the slug is another memory: it replaces nothing", () => {
    const cpp = { ...existing, path: "memories/feedback_c-style.md", name: "C++ style", body: "Use RAII." };
    const csharp = candidate({ type: "feedback", name: "C# style", body: "Prefer LINQ queries." });
    const [decision] = reconcile(input({ memories: [csharp], existingMemories: [cpp] })).memories;
    expect(decision).toMatchObject({ action: "write", replaces: [] });
  });

  test("supersedes names the memory it replaces; an unknown one is noted and the memory is new", () => {
    const result = reconcile(
      input({
        memories: [
          candidate({ name: "Launch", body: "Launch moved to April.", supersedes: "Release date" }),
          candidate({ name: "Other", body: "Unrelated.", supersedes: "Nothing like it" }),
        ],
      }),
    );
    expect(result.memories[0]).toMatchObject({ action: "write", replaces: [existing] });
    expect(result.memories[1]).toMatchObject({ action: "write", replaces: [] });
    expect(result.notes).toEqual([
      '"Other" supersedes "Nothing like it", which does not exist; saved as new',
    ]);
  });

  test("the same candidate twice in one answer is written once", () => {
    const twice = candidate({ name: "A", body: "The user likes tea." });
    const result = reconcile(input({ memories: [twice, { ...twice, name: "B" }] }));
    expect(result.memories.map((decision) => decision.action)).toEqual(["write", "skip"]);
  });
});

describe("reconcile: details", () => {
  test("a second candidate of the same name in one batch replaces the first, not the old memory again", () => {
    const first = candidate({ name: "Release date", body: "Version 2 ships in April." });
    const second = candidate({ name: "Release date", body: "Version 2 ships in May, finally." });
    const result = reconcile(input({ memories: [first, second] }));
    expect(result.memories[0]).toMatchObject({ action: "write", replaces: [existing] });
    const replaces = result.memories[1]?.action === "write" ? result.memories[1].replaces : [];
    expect(replaces.map((memory) => memory.body)).toEqual(["Version 2 ships in April."]);
  });

  test("supersedes may name the memory's file", () => {
    const launch = candidate({ name: "Launch", body: "Launch moved.", supersedes: existing.path });
    expect(reconcile(input({ memories: [launch] })).memories[0]).toMatchObject({ replaces: [existing] });
  });

  test("duplicates within a batch are named as from this session", () => {
    const twice = candidate({ name: "A", body: "The user likes tea." });
    const near = candidate({ name: "B", body: "The user likes tea a lot." });
    const entry = { category: "general", text: "Deploys run at noon now.", path: "MEMORY.md" };
    const result = reconcile(
      input({
        memories: [twice, { ...twice, name: "B" }],
        entries: [entry, entry, { ...entry, text: "Deploys run at noon now, daily." }],
        duplicateSimilarity: 0.6,
      }),
    );
    expect(
      result.memories.map((decision) => (decision.action === "skip" ? decision.reason : "write")),
    ).toEqual(["write", 'exact duplicate of "A" from this session']);
    expect(reconcile(input({ memories: [twice, near], duplicateSimilarity: 0.6 })).memories[1]).toMatchObject(
      {
        action: "skip",
        reason: 'near duplicate of "A" from this session (word overlap 0.67 >= 0.6)',
      },
    );
    expect(
      result.entries.map((decision) => (decision.action === "skip" ? decision.reason : "write")),
    ).toEqual([
      "write",
      "exact duplicate of an entry from this session",
      "near duplicate of an entry from this session (word overlap 0.83 >= 0.6)",
    ]);
  });

  test("texts without words are never duplicates of each other", () => {
    const dashes = { ...existing, body: "— — —", description: "" };
    const result = reconcile(
      input({
        existingMemories: [dashes],
        memories: [candidate({ name: "Bangs", body: "!!!" })],
        entries: [{ category: "general", text: "...", path: "MEMORY.md" }],
        existingEntries: [{ path: "MEMORY.md", content: "???" }],
        duplicateSimilarity: 0,
      }),
    );
    expect(result.memories[0]?.action).toBe("write");
    expect(result.entries[0]?.action).toBe("write");
    expect(wordSet("!!! ...").size).toBe(0);
  });

  test("the threshold is inclusive, nothing in common is never near, and the nearest is named", () => {
    const words = (count: number, extra = "") =>
      `${Array.from({ length: count }, (_, index) => `w${index}`).join(" ")} ${extra}`.trim();
    const at = (body: string, threshold: number) =>
      reconcile(input({ memories: [candidate({ name: "C", body })], duplicateSimilarity: threshold }))
        .memories[0];
    // "w0 w1 w2 w3" against the existing memory's 14 words: nothing shared, overlap 0.
    expect(at(words(4), 0)?.action).toBe("write");
    const four = {
      ...existing,
      path: "memories/project_four.md",
      name: "Four",
      body: words(4),
      description: "",
    };
    const decide = (body: string, pool: ExistingMemory[], threshold = 0.8) =>
      reconcile(
        input({
          existingMemories: pool,
          memories: [candidate({ name: "C", body })],
          duplicateSimilarity: threshold,
        }),
      ).memories[0];
    // 4 shared of 5: exactly 0.8.
    expect(decide(words(5), [four])).toMatchObject({ action: "skip" });
    const nine = { ...four, path: "memories/project_nine.md", name: "Nine", body: words(9) };
    const nineAndY = { ...four, path: "memories/project_nine-y.md", name: "Nine y", body: words(9, "y") };
    // Against w0..w9: 9/10 = 0.9 for Nine, 9/11 = 0.82 for Nine y: Nine is named, in either order.
    for (const pool of [
      [nine, nineAndY],
      [nineAndY, nine],
    ])
      expect(decide(words(10), pool)).toMatchObject({
        reason: expect.stringContaining("project_nine.md (word overlap 0.90"),
      });
  });

  test("of two equally near memories, the first found is named, not replaced by a later tie", () => {
    const body = "w0 w1 w2 w3";
    const first = { ...existing, path: "memories/project_first.md", name: "First", body, description: "" };
    const second = { ...first, path: "memories/project_second.md", name: "Second" };
    // "w0 .. w4" shares 4 of 5 words with each: 0.8, a tie at the threshold.
    const result = reconcile(
      input({ existingMemories: [first, second], memories: [candidate({ name: "C", body: `${body} w4` })] }),
    );
    expect(result.memories[0]).toMatchObject({
      action: "skip",
      reason: "near duplicate of memories/project_first.md (word overlap 0.80 >= 0.8)",
    });
  });

  test("a batch that first writes a new memory still supersedes an old one by name after it", () => {
    const deploy = candidate({ name: "Deploys", body: "Deploys run at noon." });
    const correction = candidate({ name: "Release date", body: "Version 2 ships on Friday." });
    const result = reconcile(input({ memories: [deploy, correction] }));
    expect(result.memories[0]).toMatchObject({ action: "write", replaces: [] });
    expect(result.memories[1]).toMatchObject({ action: "write", replaces: [existing] });
  });
});

describe("reconcile: journal entries", () => {
  const entry = (text: string, path = "topics/user_prefs.md"): EntryCandidate => ({
    category: "user_pref",
    text,
    path,
  });

  test("are compared with entries of their own journal file and with memories", () => {
    const result = reconcile(
      input({
        existingEntries: [
          { path: "topics/user_prefs.md", content: "The user wants answers in French." },
          { path: "MEMORY.md", content: "The CI runs on Debian 12." },
        ],
        entries: [
          entry("the user wants answers in french"),
          entry("The CI runs on Debian 12."),
          entry("When version 2 ships"),
          entry("The user wants answers in German, not French."),
        ],
      }),
    );
    expect(
      result.entries.map((decision) => (decision.action === "skip" ? decision.reason : "write")),
    ).toEqual([
      "exact duplicate of an entry in topics/user_prefs.md",
      "write",
      `exact duplicate of the description of ${existing.path}`,
      "write",
    ]);
  });
});

const memoryCandidate: fc.Arbitrary<MemoryCandidate> = fc.record({
  type: fc.constantFrom(...MEMORY_TYPES),
  name: fc.constantFrom("Tabs", "Deadline", "Go expert", "Tracker"),
  description: fc.constantFrom("", "one line"),
  body: fc
    .array(fc.constantFrom("tabs", "spaces", "friday", "go", "react", "linear", "the", "user"), {
      minLength: 1,
      maxLength: 6,
    })
    .map((words) => words.join(" ")),
  supersedes: fc.option(fc.constantFrom("Tabs", "Deadline"), { nil: undefined }),
});
const entryCandidate: fc.Arbitrary<EntryCandidate> = fc.record({
  category: fc.constant("general"),
  text: fc.constantFrom("a b c", "A, b. C!", "tabs everywhere", "the user likes go"),
  path: fc.constantFrom("MEMORY.md", "topics/user_prefs.md"),
});

describe("reconcile: properties", () => {
  test.prop([fc.array(memoryCandidate, { maxLength: 6 }), fc.array(entryCandidate, { maxLength: 6 })])(
    "decides once per candidate, in order; what a batch left on disk is a duplicate on the next run",
    (memories, entries) => {
      const first = reconcile(input({ memories, entries, existingMemories: [] }));
      expect(first.memories.map((decision) => decision.candidate)).toEqual(memories);
      expect(first.entries.map((decision) => decision.candidate)).toEqual(entries);
      // What is on disk after the batch: written memories not superseded by a later one of the same batch.
      let onDisk: ExistingMemory[] = [];
      for (const decision of first.memories) {
        if (decision.action !== "write") continue;
        const gone = new Set(decision.replaces.map((memory) => memory.path));
        const path = memoryPath(decision.candidate.type, decision.candidate.name);
        onDisk = [...onDisk.filter((memory) => !gone.has(memory.path) && memory.path !== path)];
        onDisk.push({ ...decision.candidate, path });
      }
      const writtenEntries = first.entries.flatMap((decision) =>
        decision.action === "write"
          ? [{ path: decision.candidate.path, content: decision.candidate.text }]
          : [],
      );
      const second = reconcile(
        input({ memories, entries, existingMemories: onDisk, existingEntries: writtenEntries }),
      );
      const kept = new Set(onDisk.map((memory) => memory.body));
      second.memories.forEach((decision, position) => {
        const wasKept = first.memories[position]?.action === "write" && kept.has(decision.candidate.body);
        if (wasKept) expect(decision.action).toBe("skip");
      });
      for (const decision of second.entries) expect(decision.action).toBe("skip");
    },
  );
});

describe("duplicateReason", () => {
  test("finds a summary already in the log", () => {
    expect(duplicateReason("Set up the CI.", ["set up the ci"], 0.8)).toBe(
      'exact duplicate of "set up the ci"',
    );
    expect(duplicateReason("Fixed the deploy.", ["Set up the CI."], 0.8)).toBeUndefined();
  });
});
