import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * Issue 26, defect 4, through the built CLI: `profile add` over a file's budget keeps the new text,
 * moves the OLDEST text of that same section to archive/ (and nothing else), and says what moved; a
 * text that cannot fit even so is refused with exit 2, leaving every file as it was.
 */
let home: string;
const inHome = (args: string[]) => runMnemo([...args, "--home", home]);
const read = (path: string) => readFile(join(home, path), "utf8").catch(() => "");

const OLDEST = "Drinks green tea every morning at seven.";
const OLDER = "Likes rye bread with butter.";
const NEWEST = "Now prefers black coffee, two cups before noon, no sugar.";

beforeEach(async () => {
  home = await makeTempDir("mnemo-cli-budget-");
  await writeFile(join(home, "config.json"), JSON.stringify({ budgets: { user: 200 } }));
  for (const [section, text] of [
    ["Likes", OLDEST],
    ["Likes", OLDER],
    ["Job", "Compiler engineer."],
    ["Family", "Two cats, Miso and Tofu."],
  ])
    expect(inHome(["profile", "add", "user", section as string, text as string]).status).toBe(0);
});
afterEach(async () => removeDir(home));

describe("mnemo profile add over the budget", () => {
  it("keeps the new text, archives only the oldest line of that section, and names it", async () => {
    const result = inHome(["profile", "add", "user", "Likes", NEWEST]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Added to section "Likes" of ${join(home, "USER.md")}`);
    expect(result.stdout).toContain(
      `to ${join(home, "archive", "USER.md")} (over budget (200 characters): the oldest line of ## Likes)`,
    );
    expect(result.stdout.match(/^Archived /gm)).toHaveLength(1);
    expect(await read("USER.md")).toBe(
      `# User\n\n## Likes\n${OLDER}\n${NEWEST}\n\n## Job\nCompiler engineer.\n\n## Family\nTwo cats, Miso and Tofu.\n\n`,
    );
    const archive = await read("archive/USER.md");
    expect(archive).toMatch(
      /^<!-- mnemo archived from USER\.md at .*: over budget \(200 characters\): the oldest line of ## Likes -->\n## Likes\nDrinks green tea every morning at seven\.\n$/,
    );
  });

  it("--json reports the same: the oldest text of the section moved, the new text kept", async () => {
    const change = JSON.parse(inHome(["profile", "add", "user", "Likes", NEWEST, "--json"]).stdout);
    expect(change).toMatchObject({ section: "Likes", editedSectionTrimmed: true, usage: { budget: 200 } });
    expect(change.usage.characters).toBeLessThanOrEqual(200);
    expect(change.archived).toEqual([
      {
        path: "archive/USER.md",
        reason: "over budget (200 characters): the oldest line of ## Likes",
        characters: `## Likes\n${OLDEST}`.length,
      },
    ]);
  });

  it("refuses with exit 2 a text that cannot fit even with the section's older text archived, changing nothing", async () => {
    const before = await read("USER.md");
    const result = inHome(["profile", "add", "user", "Likes", "Long story. ".repeat(20)]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      "Not written: the change to ## Likes does not fit in USER.md, whose budget is 200 characters;",
    );
    expect(result.stderr).toContain("Nothing was changed.");
    expect(await read("USER.md")).toBe(before);
    expect(await read("archive/USER.md")).toBe("");
  });
});
