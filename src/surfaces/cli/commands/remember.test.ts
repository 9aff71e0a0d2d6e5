import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { forget } from "./forget.js";
import { list } from "./list.js";
import { remember } from "./remember.js";
import { show } from "./show.js";

/** remember, show, list and forget in process, on a real home. */
const test = useTestHome();
const TABS = { type: "feedback", name: "Prefers tabs" };

describe("remember", () => {
  it("saves the file and says where, then updates it with the old version archived", async () => {
    const first = await runUnit(remember, test.memory, ["Indent with tabs."], TABS);
    expect(first.data).toMatchObject({ path: "memories/feedback_prefers-tabs.md", created: true });
    expect(first.text).toBe(
      `Created ${join(test.home, "memories/feedback_prefers-tabs.md")}\n` +
        "Index line in MEMORY.md: - [Prefers tabs](memories/feedback_prefers-tabs.md) — Indent with tabs.",
    );
    const second = await runUnit(remember, test.memory, ["Tabs, width 4."], TABS);
    expect(second.text).toMatch(/^Updated .*\n.*\nArchived \d+ characters to .*archive\/memories\//);
    expect(await readFile(join(test.home, "memories/feedback_prefers-tabs.md"), "utf8")).toContain("width 4");
  });

  it("refuses an unknown type before the home is touched", async () => {
    await expect(remember.input(["x"], { type: "opinion", name: "A" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("user, feedback, project, reference"),
    });
  });
});

describe("show, list and forget", () => {
  it("show prints the fields and the text; list one line per memory; forget archives it", async () => {
    await runUnit(remember, test.memory, ["Indent with tabs."], TABS);
    const shown = await runUnit(show, test.memory, ["Prefers tabs"], {});
    expect(shown.text).toContain("name:        Prefers tabs\ntype:        feedback");
    expect(shown.text).toContain(`file:        ${join(test.home, "memories/feedback_prefers-tabs.md")}`);
    expect(shown.text).toMatch(/\(today\)\n\nIndent with tabs\.$/);

    const listed = await runUnit(list, test.memory, [], { type: "feedback" });
    expect(listed.text).toBe("feedback  Prefers tabs - Indent with tabs. (today)");
    expect(list.notes?.(listed.data, listed.input, { ...listed.rendered, json: false })).toEqual([]);

    const removed = await runUnit(forget, test.memory, ["Prefers tabs"], {});
    expect(removed.text).toMatch(
      /^Removed .*feedback_prefers-tabs\.md and its index line in MEMORY\.md\nArchived it in /,
    );
    const empty = await runUnit(list, test.memory, [], {});
    expect(list.notes?.(empty.data, empty.input, { ...empty.rendered, json: false })).toEqual([
      'no memories yet; save one with mnemo remember TEXT --type T --name "Name"',
    ]);
    expect(list.notes?.(empty.data, empty.input, { ...empty.rendered, json: true })).toEqual([]);
  });
});
