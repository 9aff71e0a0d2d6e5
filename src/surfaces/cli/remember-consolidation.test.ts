import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo remember` consolidates (issue 30, point 3), through the built bin: a duplicate says it
 * changed nothing, a contradiction says which memory it updated and why, a related save names the
 * memory to check; `--json` carries the same; `--no-consolidate` saves as given.
 */
let home: string;
const env = { MNEMO_EMBEDDER: "none" };
const mnemo = (...args: string[]) => runMnemo([...args, "--home", home], { env });
const remember = (text: string, name: string, ...more: string[]) =>
  mnemo("remember", text, "--type", "user", "--name", name, ...more);

beforeEach(async () => {
  home = await makeTempDir("mnemo-remember-consolidation-");
});

afterEach(async () => {
  await removeDir(home);
});

describe("mnemo remember", () => {
  it("says unchanged for a duplicate, updated for a contradiction, and names a possible conflict", async () => {
    expect(remember("Lives in Porto.", "Home city").stdout).toMatch(/^Created .*user_home-city\.md/);

    const duplicate = remember("lives in Porto", "Where I live");
    expect(duplicate.status).toBe(0);
    expect(duplicate.stdout).toBe(
      `Unchanged: ${join(home, "memories/user_home-city.md")} already says this\n` +
        'Why: says what "Home city" already says (the same text)\n',
    );

    const moved = remember("Now lives in Lisbon.", "City", "--json");
    expect(JSON.parse(moved.stdout)).toMatchObject({
      action: "updated",
      name: "Home city",
      decidedBy: "rules",
      reason: expect.stringContaining('contradicts "Home city"'),
      archived: [expect.objectContaining({ path: "archive/memories/user_home-city.md" })],
    });

    remember("Uses Neovim with the Lazy plugin manager.", "Editor");
    const related = remember("Uses VS Code at work.", "Editor at work");
    expect(related.stdout).toContain(
      `Possible conflict: ${join(home, "memories/user_editor.md")} (other values, sharing only a common verb); check it`,
    );
    expect((await readdir(join(home, "memories"))).sort()).toEqual([
      "user_editor-at-work.md",
      "user_editor.md",
      "user_home-city.md",
    ]);
  });

  it("--no-consolidate saves the text as given", async () => {
    remember("Lives in Porto.", "Home city");
    const given = remember("Lives in Porto.", "Where I live", "--no-consolidate");
    expect(given.stdout).toMatch(/^Created .*user_where-i-live\.md/);
  });
});
