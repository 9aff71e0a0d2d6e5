import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { journal } from "./journal.js";

/** The journal commands in process, on a real home. */
const test = useTestHome();
const command = (name: string) => {
  const found = journal.commands.find((each) => each.name === name);
  if (!found) throw new Error(`no journal ${name}`);
  return found;
};

describe("journal", () => {
  it("adds an entry, reads the topic as text and as JSON without the text, and lists topics", async () => {
    const added = await runUnit(command("add"), test.memory, ["user_pref", "Answers in French."], {
      source: "review",
    });
    expect(added.text).toMatch(
      new RegExp(
        `^Recorded \\[\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\] user_pref in ${join(test.home, "topics/user_prefs.md")}$`,
      ),
    );
    const read = command("read");
    const topic = await runUnit(read, test.memory, ["user_pref"], {});
    expect(topic.text).toContain("Answers in French.");
    const json = read.toJson?.(topic.data) as Record<string, unknown>;
    expect(json).not.toHaveProperty("text");
    expect(json).toMatchObject({ topic: "user_prefs", entries: [{ content: "Answers in French." }] });
    const topics = await runUnit(command("topics"), test.memory, [], {});
    expect(topics.text.split("\n")).toContain("user_prefs");
  });

  it("notes a topic with no entries yet", async () => {
    const read = command("read");
    const empty = await runUnit(read, test.memory, ["file_patterns"], {});
    expect(read.notes?.(empty.data, empty.input, { ...empty.rendered, json: false })).toEqual([
      `${empty.data.path} has no entries yet`,
    ]);
  });
});
