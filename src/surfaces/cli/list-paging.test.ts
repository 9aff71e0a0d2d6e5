import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/** `mnemo list` past the newest 200: --offset, --limit and --all, through the built CLI. */
const COUNT = 205;
let home: string;
const list = (...args: string[]) => runMnemo(["list", ...args, "--home", home]);
const names = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => line.replace(/^user +/, "").split(" - ")[0]);

beforeAll(async () => {
  home = await makeTempDir("mnemo-list-");
  await mkdir(join(home, "memories"), { recursive: true });
  for (let number = 1; number <= COUNT; number++) {
    const name = `Fact ${String(number).padStart(3, "0")}`;
    const file = `user_fact-${String(number).padStart(3, "0")}.md`;
    await writeFile(
      join(home, "memories", file),
      `---\nname: ${name}\ndescription: d\ntype: user\n---\n\nFact.\n`,
    );
  }
});
afterAll(async () => removeDir(home));

describe("mnemo list", () => {
  it("lists the newest 200 and says how to reach the rest", () => {
    const result = list();
    expect(result.status).toBe(0);
    expect(names(result.stdout)).toHaveLength(200);
    expect(result.stderr).toContain(
      "listed 200 of 205 from offset 0; more with --offset 200, or all with --all",
    );
  });

  it("--offset and --limit page through every memory once; --all lists them all", () => {
    const pages = [
      list("--limit", "100"),
      list("--offset", "100", "--limit", "100"),
      list("--offset", "200"),
    ];
    const paged = pages.flatMap((page) => names(page.stdout));
    expect(paged).toHaveLength(COUNT);
    expect(new Set(paged).size).toBe(COUNT);
    expect(pages[2]?.stderr).not.toContain("more with");
    const all = list("--all");
    expect(names(all.stdout)).toEqual(paged);
  });

  it("with --json carries the total, the offset and whether more follow", () => {
    const page = JSON.parse(list("--offset", "200", "--limit", "2", "--json").stdout);
    expect(page).toMatchObject({ total: 205, offset: 200, truncated: true });
    expect(page.memories).toHaveLength(2);
    const all = JSON.parse(list("--all", "--json").stdout);
    expect(all).toMatchObject({ total: 205, offset: 0, truncated: false });
    expect(all.memories).toHaveLength(205);
  });

  it("refuses an offset or a limit that is not a whole number, and --all with --limit", () => {
    const bad = list("--limit", "0");
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("--limit must be a whole number");
    expect(list("--offset", "-3").stderr).toContain("--offset must be a whole number");
    const both = list("--all", "--limit", "5");
    expect(both.status).not.toBe(0);
    expect(both.stderr).toMatch(/--all.*cannot be used with.*--limit/);
  });
});
