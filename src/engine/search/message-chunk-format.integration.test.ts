import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { openMemory } from "../../open-memory.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { MESSAGE_CHUNK_FORMAT } from "../conversations/message-chunks.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * A home indexed by an earlier mnemo holds its messages as the bare turns. The transcripts did not
 * change, so their size and times say nothing: the form recorded with each conversation tells the
 * index to chunk it again, and no message is left in the old form beside the new.
 */
let memory: MemoryHome | undefined;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

const PATH = "conversations/island-trip.md";

test("an index holding messages in an earlier form is rebuilt from the transcripts, not mixed", async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  const at = new Date(2026, 9, 5, 10, 0);
  await memory.conversations.add("island-trip", [
    { speaker: "Tom", text: "Should we take the ferry to the island on Saturday?", at },
    { speaker: "Maria", text: "Only if it leaves before nine.", at },
  ]);
  await memory.recall("ferry");
  await memory.close();
  memory = undefined;
  writeEarlierForm(join(home, ".index", "search.sqlite"));

  memory = await openMemory({ home, env: {}, config: { search: { embedder: "none" } } });
  const recalled = await memory.recall("What did Maria say about the ferry?", { kind: "message" });
  expect(recalled.indexed?.documents).toBe(1);
  expect(recalled.hits[0]).toMatchObject({ title: "Maria", text: "Only if it leaves before nine." });
  const database = new Database(join(home, ".index", "search.sqlite"), { readonly: true });
  try {
    const texts = database.prepare("SELECT text FROM chunks WHERE path = ? ORDER BY id").pluck().all(PATH);
    expect(texts).toEqual([
      "Tom: Should we take the ferry to the island on Saturday?",
      "Should we take the ferry to the island on Saturday?\nMaria: Only if it leaves before nine.",
    ]);
    const hash = database.prepare("SELECT hash FROM documents WHERE path = ?").pluck().get(PATH);
    expect(hash).toMatch(new RegExp(`^${MESSAGE_CHUNK_FORMAT}:`));
  } finally {
    database.close();
  }
});

/** What 5bff995 wrote: each message chunk the bare turn, the document's hash without a form. */
function writeEarlierForm(path: string): void {
  const database = new Database(path);
  try {
    const rows = database.prepare("SELECT * FROM chunks WHERE path = ? ORDER BY id").all(PATH) as Array<
      Record<string, unknown>
    >;
    const bare = ["Should we take the ferry to the island on Saturday?", "Only if it leaves before nine."];
    database.prepare("DELETE FROM chunks WHERE path = ?").run(PATH);
    const insert = database.prepare(
      "INSERT INTO chunks (path, kind, locator, line, title, text, date, text_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    rows.forEach((row, position) => {
      insert.run(
        row.path,
        row.kind,
        row.locator,
        row.line,
        row.title,
        bare[position],
        row.date,
        `old-${position}`,
      );
    });
    database
      .prepare("UPDATE documents SET hash = substr(hash, instr(hash, ':') + 1) WHERE path = ?")
      .run(PATH);
  } finally {
    database.close();
  }
}
