import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

const NOW = new Date(2026, 10, 22, 14, 30);
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config, now: () => NOW }));
}
const read = (path: string) => readFile(join(home, path), "utf8");
const GITHUB_TOKEN = `ghp_${"a1B2c3D4e5".repeat(4)}`;

afterEach(async () => removeDir(home));

describe("topic files written whole (memory.journal)", () => {
  test("a topic's file is the one `readTopic` reads back; names it reads elsewhere are refused", async () => {
    await open({ categories: { user_pref: "user_prefs", general: "MEMORY", notes: "notes" } });
    expect(memory.journal.topicFile("project_notes")).toBe("topics/project_notes.md");
    expect(memory.journal.topicFile("user_prefs")).toBe("topics/user_prefs.md");
    expect(memory.journal.topicFile("notes")).toBe("topics/notes.md");
    for (const topic of ["MEMORY", "memory", "Memory"])
      expect(() => memory.journal.topicFile(topic), topic).toThrow(
        `"${topic}" cannot be a topic: MEMORY.md is the home's core memory, which mnemo keeps itself (the index of typed memories and the journal). Choose another topic name.`,
      );
    expect(() => memory.journal.topicFile("general")).toThrow(
      '"general" cannot be a topic: the journal category "general" is recorded in MEMORY.md, which `journal read general` reads. Choose another topic name.',
    );
    expect(() => memory.journal.topicFile("user_pref")).toThrow(
      '"user_pref" cannot be a topic: the journal category "user_pref" is recorded in the topic "user_prefs", which `journal read user_pref` reads. Use the topic "user_prefs".',
    );
    for (const topic of ["my notes", "../SOUL", "_x", "notes.md", "", "n".repeat(101)])
      expect(() => memory.journal.topicFile(topic), topic).toThrow(/^Invalid topic name .*at most 100/);
    expect(() => memory.journal.topicFile("n".repeat(100))).not.toThrow();
  });

  test("writes a new file or an existing one, exactly as given, and reads back as the topic", async () => {
    await open();
    const text = "# Notes\n\n- Ship on Friday.\n";
    expect(await memory.journal.writeTopicFile("notes", text, { create: true })).toEqual({
      path: "topics/notes.md",
      redactedSecrets: [],
    });
    expect((await memory.journal.readTopic("notes")).text).toBe(text);
    await expect(memory.journal.writeTopicFile("notes", "again", { create: true })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: "topics/notes.md already exists.",
    });
    await memory.journal.writeTopicFile("notes", "- Ship on Monday.", { create: false });
    expect(await read("topics/notes.md")).toBe("- Ship on Monday.");
    await expect(memory.journal.writeTopicFile("other", "x", { create: false })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "There is no topic file topics/other.md.",
    });
    await expect(memory.journal.writeTopicFile("MEMORY", "x", { create: true })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await readdir(join(home, "topics"))).toEqual(["notes.md"]);
  });

  test("a credential is refused, or redacted when asked or configured", async () => {
    await open();
    await expect(
      memory.journal.writeTopicFile("deploy", `key: ${GITHUB_TOKEN}`, { create: true }),
    ).rejects.toMatchObject({ code: "SECRET_DETECTED", field: "the text of topics/deploy.md" });
    await expect(read("topics/deploy.md")).rejects.toThrow();
    const written = await memory.journal.writeTopicFile("deploy", `key: ${GITHUB_TOKEN}`, {
      create: true,
      redactSecrets: true,
    });
    expect(written.redactedSecrets).toEqual([expect.stringMatching(/github/i)]);
    expect(await read("topics/deploy.md")).toMatch(/^key: \[REDACTED:[^\]]+\]$/);
    await removeDir(home);
    await open({ secrets: "redact" });
    await memory.journal.writeTopicFile("deploy", `key: ${GITHUB_TOKEN}`, { create: true });
    expect(await read("topics/deploy.md")).not.toContain(GITHUB_TOKEN);
  });

  test("holds at most capacity.maxLines lines, counted as the journals count them", async () => {
    await open({ capacity: { maxLines: 3, targetLines: 2 } });
    await memory.journal.writeTopicFile("notes", "a\nb\nc\n", { create: true });
    await expect(
      memory.journal.writeTopicFile("notes", "a\nb\nc\nd", { create: false }),
    ).rejects.toMatchObject({
      code: "TOO_LARGE",
      message:
        "topics/notes.md would have 4 lines; a topic file holds at most 3. Keep the essentials, or split it into several topics.",
    });
    expect(await read("topics/notes.md")).toBe("a\nb\nc\n");
  });

  test("deleting moves the text to archive/ with its reason; renaming moves the file", async () => {
    await open();
    await memory.journal.writeTopicFile("notes", "- Ship on Friday.\n", { create: true });
    await memory.journal.writeTopicFile("taken", "x", { create: true });
    await expect(memory.journal.renameTopicFile("notes", "taken")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: "Cannot rename topics/notes.md: topics/taken.md already exists.",
    });
    expect(await memory.journal.renameTopicFile("notes", "release")).toEqual({ path: "topics/release.md" });
    expect(await read("topics/release.md")).toBe("- Ship on Friday.\n");
    await expect(memory.journal.renameTopicFile("notes", "other")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await memory.journal.deleteTopicFile("release", { reason: "no longer needed" })).toEqual({
      path: "topics/release.md",
      archived: [{ path: "archive/topics/release.md", reason: "no longer needed", characters: 18 }],
    });
    expect(await read("archive/topics/release.md")).toBe(
      "<!-- mnemo archived from topics/release.md at 2026-11-22 14:30: no longer needed -->\n- Ship on Friday.\n",
    );
    expect((await memory.journal.deleteTopicFile("taken")).archived[0]?.reason).toBe("deleted");
    expect(await readdir(join(home, "topics"))).toEqual([]);
    await expect(memory.journal.deleteTopicFile("release")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("nothing is read or written when memory is disabled", async () => {
    await open({ enabled: false });
    await expect(memory.journal.writeTopicFile("notes", "x", { create: true })).rejects.toMatchObject({
      code: "DISABLED",
    });
    await expect(readdir(home)).resolves.toEqual([]);
  });
});
