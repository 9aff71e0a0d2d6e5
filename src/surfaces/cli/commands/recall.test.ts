import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { recall, reindex } from "./recall.js";
import { remember } from "./remember.js";

/** recall and reindex in process, on a real home (BM25: no embedding model). */
const test = useTestHome();

describe("recall", () => {
  it("finds a memory, best first, with its file, line and text indented", async () => {
    await runUnit(remember, test.memory, ["Indent with tabs, never spaces."], {
      type: "feedback",
      name: "Tabs",
    });
    const found = await runUnit(recall, test.memory, ["tabs"], { limit: "3", type: "feedback" });
    expect(found.data.hits.length).toBeGreaterThan(0);
    expect(found.text).toMatch(
      /^\d\.\d{3} {2}memories\/feedback_tabs\.md:\d+ \(Tabs\) · today · relevance \d\.\d\d\n {4}Tabs\n {4}Indent with tabs/,
    );
    const none = await runUnit(recall, test.memory, ["zebra"], { limit: "3" });
    expect(recall.notes?.(none.data, none.input, { ...none.rendered, json: false })).toEqual([
      "nothing found",
    ]);
  });

  it.each([
    [{ limit: "0" }, /--limit must be a whole number from 1 to 1000, not "0"/],
    [{ limit: "3", kind: "photo" }, /Unknown kind "photo"/],
    [{ limit: "3", since: "yesterday" }, /dates are YYYY-MM-DD, not "yesterday"/],
    [{ limit: "3", type: "opinion" }, /Unknown memory type "opinion"/],
  ])("refuses %o before the home is touched", (options, message) => {
    expect(() => recall.input(["x"], options)).toThrow(message);
  });
});

describe("reindex", () => {
  it("rebuilds the index and says how many files are in it", async () => {
    await runUnit(remember, test.memory, ["Indent with tabs."], { type: "feedback", name: "Tabs" });
    const rebuilt = await runUnit(reindex, test.memory, [], {});
    expect(rebuilt.data.documents).toBeGreaterThan(0);
    expect(rebuilt.text).toBe(`Indexed ${rebuilt.data.documents} file(s) in ${test.home}`);
  });
});
