import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/** Conversation memory through the library, on real files and SQLite (BM25 only). */
let home = "";
let memory: MemoryHome | undefined;
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function open(): Promise<MemoryHome> {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  return memory;
}

const at = (minute: number) => new Date(2026, 4, 3, 10, minute);

describe("memory.conversations", () => {
  test("adds messages to one transcript and recall shows as many turns around a hit as asked", async () => {
    const memory = await open();
    await memory.conversations.add("trip", [
      { speaker: "user", text: "Where should we go in May?", at: at(1) },
      { speaker: "assistant", text: "Lisbon is lovely then.", at: at(2) },
    ]);
    const added = await memory.conversations.add("trip", [
      { speaker: "user", text: "Booked: we fly on May 3rd.", at: at(3) },
      { speaker: "assistant", text: "Have a good flight!", at: at(4) },
    ]);
    expect(added.added.map((turn) => [turn.turn, turn.time])).toEqual([
      [3, "2026-05-03 10:03"],
      [4, "2026-05-03 10:04"],
    ]);
    const text = await readFile(join(home, "conversations", "trip.md"), "utf8");
    expect(text.startsWith("# Conversation trip\n\n### [2026-05-03 10:01] user\n")).toBe(true);

    const wide = await memory.recall("booked fly", { kind: "message", around: 2 });
    expect(wide.hits[0]?.conversation).toMatchObject({
      session: "trip",
      turn: 3,
      before: [{ turn: 1 }, { turn: 2 }],
      after: [{ turn: 4 }],
    });
    const bare = await memory.recall("booked fly", { kind: "message", around: 0 });
    expect(bare.hits[0]?.conversation).toMatchObject({ before: [], after: [] });
    expect((await memory.recall("booked fly", { kind: "memory" })).hits).toEqual([]);
  });

  test.each([
    ["../etc", [{ speaker: "user", text: "hi" }], /cannot name a file/],
    ["trip", [], /No messages to add/],
    ["trip", [{ speaker: "Dr. Who", text: "hi" }], /Message 1 has speaker "Dr\. Who": a speaker is one word/],
    ["trip", [{ speaker: "user", text: "  " }], /Message 1 has no text/],
    ["trip", [{ speaker: "user", text: "hi", at: new Date(Number.NaN) }], /Message 1 has an invalid time/],
  ])("refuses session %j with %j and writes nothing", async (session, messages, error) => {
    const memory = await open();
    await expect(memory.conversations.add(session, messages)).rejects.toThrow(error);
    expect((await memory.store.list("conversations")).length).toBe(0);
  });

  test("a secret in a message is refused by default, redacted when asked", async () => {
    const memory = await open();
    const secret = "my key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
    await expect(memory.conversations.add("keys", [{ speaker: "user", text: secret }])).rejects.toMatchObject(
      {
        code: "SECRET_DETECTED",
      },
    );
    const kept = await memory.conversations.add("keys", [{ speaker: "user", text: secret }], {
      redactSecrets: true,
    });
    expect(kept.redactedSecrets.length).toBe(1);
    expect((await memory.conversations.read("keys")).turns[0]?.text).toContain("[REDACTED:");
  });

  test("recall refuses an around that is not a whole number from 0 to 20", async () => {
    const memory = await open();
    await expect(memory.recall("x", { around: 1.5 })).rejects.toThrow(/around must be a whole number/);
  });
});
