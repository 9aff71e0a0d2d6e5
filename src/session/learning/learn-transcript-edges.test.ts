import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { TranscriptMessage } from "./formats/transcript.js";
import { learnTranscript } from "./learn-transcript.js";

/**
 * learnTranscript at its edges, on a real file home: what is recorded of long, blank, padded and
 * timed messages and of a part over a thousand turns; an extraction that updates a memory; the
 * ledger's problems as the user reads them; and a ledger changed by someone else during the call.
 */
const homes: string[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await removeDir(home);
});

async function setUp() {
  const opened = await openTestMemory({ config: { search: { embedder: "none" } } });
  homes.push(opened.home);
  return opened;
}

const user = (content: string, id?: string, at?: Date): TranscriptMessage => ({
  ...(id ? { id } : {}),
  message: { role: "user", content },
  ...(at ? { at } : {}),
});
const assistant = (content: string, id?: string): TranscriptMessage => ({
  ...(id ? { id } : {}),
  message: { role: "assistant", content },
});

const FIRST = [user("The staging database is Postgres 15.", "u1"), assistant("Noted.", "a1")];
const LATER = [user("Staging moved to Postgres 16.", "u2"), assistant("Understood.", "a2")];

const answer = (name: string, body: string, supersedes: string | null = null) =>
  JSON.stringify({
    memories: [{ type: "project", name, description: name, body, supersedes }],
    entries: [],
    summary: "",
  });

function learn(memory: MemoryHome, messages: TranscriptMessage[], model?: ScriptedChatModel) {
  return learnTranscript({
    memory,
    model,
    transcript: { format: "claude-code", messages },
    sessionId: "s1",
    source: "/tmp/s1.jsonl",
    onWarning: () => {},
  });
}

const ledgerFile = (home: string) => join(home, ".learned", "s1.json");
const ledgerOf = async (home: string) => JSON.parse(await readFile(ledgerFile(home), "utf8"));

describe("what learn records of a part", () => {
  test("text trimmed, blank messages left out, each turn at its own time", async () => {
    const { memory } = await setUp();
    const said = new Date(2020, 4, 17, 9, 30);
    const report = await learn(memory, [
      user("   The build runs on Fridays.  \n", "u1", said),
      assistant("   \n  ", "a1"),
      assistant("Noted.", "a2"),
    ]);
    expect(report.recorded).toEqual({ path: "conversations/s1.md", turns: 2 });
    const { turns } = await memory.conversations.read("s1");
    expect(turns.map(({ speaker, text }) => ({ speaker, text }))).toEqual([
      { speaker: "user", text: "The build runs on Fridays." },
      { speaker: "assistant", text: "Noted." },
    ]);
    expect(turns[0]?.time).toBe("2020-05-17 09:30");
  });

  test("a message of 100,000 characters is kept whole; one longer is cut to 100,000 with an ellipsis", async () => {
    const { memory } = await setUp();
    const whole = "w".repeat(100_000);
    const long = "x".repeat(100_001);
    await learn(memory, [user(whole, "u1"), user(long, "u2")]);
    const { turns } = await memory.conversations.read("s1");
    expect(turns[0]?.text).toBe(whole);
    expect(turns[1]?.text).toBe(`${"x".repeat(99_999)}…`);
  });

  test("a part of exactly 1,000 turns, and one of 2,001, are recorded once each, in order", async () => {
    const { memory } = await setUp();
    const turnsOf = (count: number, from: number) =>
      Array.from({ length: count }, (_, index) => user(`turn ${from + index}`, `u${from + index}`));
    const thousand = await learn(memory, turnsOf(1000, 0));
    expect(thousand.recorded).toEqual({ path: "conversations/s1.md", turns: 1000 });
    const more = await learn(memory, [...turnsOf(1000, 0), ...turnsOf(2001, 1000)]);
    expect(more.recorded).toEqual({ path: "conversations/s1.md", turns: 2001 });
    const { turns } = await memory.conversations.read("s1");
    expect(turns.map((turn) => turn.text)).toEqual(
      Array.from({ length: 3001 }, (_, index) => `turn ${index}`),
    );
  });
});

describe("what learn reports of an extraction", () => {
  test("a memory written in place of an older one counts as updated, not added; no error key when none", async () => {
    const { memory } = await setUp();
    const model = new ScriptedChatModel({
      replies: [
        answer("Staging database", "Staging is Postgres 15."),
        answer("Staging database version", "Staging runs Postgres 16.", "Staging database"),
      ],
    });
    const first = await learn(memory, FIRST, model);
    expect(first.extraction).toEqual({
      model: "scripted",
      added: 1,
      updated: 0,
      unchanged: 0,
      written: [{ kind: "memory", label: "Staging database", path: "memories/project_staging-database.md" }],
      skipped: [],
    });
    expect(Object.keys(first.extraction ?? {})).not.toContain("error"); // --json would print "error": null
    const later = await learn(memory, [...FIRST, ...LATER], model);
    expect(later.extraction).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    expect(later.extraction?.written).toEqual([
      {
        kind: "memory",
        label: "Staging database version",
        path: "memories/project_staging-database-version.md",
      },
    ]);
  });
});

describe("a ledger learn cannot read", () => {
  const problems: Array<[string, string, RegExp]> = [
    ["not JSON", "{ broken", /\(not JSON\)/],
    ["a list", "[]", /\(the file: Invalid input: expected object, received array\)/],
    ["another version", JSON.stringify({ version: 2 }), /\(version: Invalid input: expected 1\)/],
    [
      "a negative count",
      JSON.stringify({
        version: 1,
        sessionId: "s1",
        source: "x",
        format: "claude-code",
        learned: { messages: -1, prefixHash: "" },
        parts: [],
      }),
      /\(learned\.messages: Too small: expected number to be >=0\)/,
    ],
  ];
  test.each(problems)(
    "%s: refused with the file and the first problem, nothing learned",
    async (_, text, problem) => {
      const { memory, home } = await setUp();
      await learn(memory, FIRST);
      await writeFile(ledgerFile(home), text);
      const refused = learn(memory, [...FIRST, ...LATER]);
      await expect(refused).rejects.toMatchObject({ code: "MALFORMED_FILE" });
      const message = (await refused.catch((error: Error) => error)) as Error;
      expect(message.message).toMatch(problem);
      expect(message.message).toContain(`${ledgerFile(home)} is not a learned-transcript ledger (`);
      expect(message.message).toMatch(/; move it away to learn this transcript again from its start\.$/);
      expect((await memory.conversations.read("s1")).turns).toHaveLength(2);
      expect(await readFile(ledgerFile(home), "utf8")).toBe(text);
    },
  );
});

describe("the claim's release, when the ledger changed during the call", () => {
  /** A model that runs `change` on the ledger while it is asked, then answers with nothing. */
  const changingLedger = (change: () => Promise<void>) =>
    new ScriptedChatModel({
      replies: [
        async () => {
          await change();
          return JSON.stringify({ memories: [], entries: [], summary: "" });
        },
      ],
    });

  test("a claim of another process is left to it", async () => {
    const { memory, home } = await setUp();
    const other = { pid: process.ppid, host: "elsewhere", at: new Date().toISOString() };
    const model = changingLedger(async () => {
      await writeFile(ledgerFile(home), JSON.stringify({ ...(await ledgerOf(home)), claim: other }));
    });
    expect((await learn(memory, FIRST, model)).status).toBe("learned");
    expect((await ledgerOf(home)).claim).toEqual(other);
  });

  test("a ledger with no claim, or none at all, or broken, is left as it is", async () => {
    for (const change of ["unclaimed", "removed", "broken"] as const) {
      const { memory, home } = await setUp();
      let left: string | undefined;
      const model = changingLedger(async () => {
        if (change === "removed") return rm(ledgerFile(home));
        const { claim: _, ...unclaimed } = await ledgerOf(home);
        left = change === "broken" ? "{ broken" : JSON.stringify(unclaimed);
        await writeFile(ledgerFile(home), left);
      });
      expect((await learn(memory, FIRST, model)).status).toBe("learned");
      const after = await readFile(ledgerFile(home), "utf8").catch(() => undefined);
      expect(after).toBe(left);
    }
  });
});

describe("where the new part starts", () => {
  test("with ids, after the last id learned even when messages before it were dropped from the file", async () => {
    const { memory } = await setUp();
    await learn(memory, FIRST);
    const report = await learn(memory, [FIRST[1] as TranscriptMessage, ...LATER]);
    expect(report).toMatchObject({ status: "learned", restarted: false, range: { from: 2, to: 3 } });
    expect((await memory.conversations.read("s1")).turns.map((turn) => turn.text)).toEqual([
      "The staging database is Postgres 15.",
      "Noted.",
      "Staging moved to Postgres 16.",
      "Understood.",
    ]);
  });
});
