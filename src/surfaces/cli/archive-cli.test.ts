import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemory } from "../../index.js";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo archive list | show | restore` through the built bin: what left a file, and putting it
 * back. The archive is filled through the library, so each test spawns only the commands it tests.
 */
let home: string;
const env = { MNEMO_EMBEDDER: "none" };
const mnemo = (...args: string[]) => runMnemo([...args, "--home", home], { env });

interface ListedItem {
  id: string;
  source: string;
  restorable: boolean;
  text: string;
}

function listed(): { items: ListedItem[]; total: number; truncated: boolean } {
  const result = mnemo("archive", "list", "--json");
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

beforeEach(async () => {
  home = await makeTempDir("mnemo-archive-cli-");
});
afterEach(async () => {
  await removeDir(home);
});

/** Writes and removes through the library, as an agent's session would. */
async function withHome(work: (memory: Awaited<ReturnType<typeof openMemory>>) => Promise<unknown>) {
  const memory = await openMemory({ home, env: {}, config: { search: { embedder: "none" } } });
  try {
    await work(memory);
  } finally {
    await memory.close();
  }
}

describe("mnemo archive", () => {
  it("lists a removed section and a forgotten memory, shows one by a prefix of its id, and restores both", async () => {
    await withHome(async (memory) => {
      await memory.profile.add("user", "Pets", "The user has a cat called Miso.");
      await memory.profile.remove("user", "Pets");
      await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
      await memory.memories.delete("Tabs");
    });
    const { items, total } = listed();
    expect(total).toBe(2);
    const section = items.find((item) => item.source === "USER.md") as ListedItem;
    const memory = items.find((item) => item.source === "memories/feedback_tabs.md") as ListedItem;
    expect(section.restorable && memory.restorable).toBe(true);

    const text = mnemo("archive", "list");
    expect(text.stdout).toContain(`${section.id}  `);
    expect(text.stdout).toContain("[restorable]");
    const shown = mnemo("archive", "show", section.id.slice(0, 6));
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("The user has a cat called Miso.");
    expect(shown.stdout).toContain(`restore it with mnemo archive restore ${section.id}`);

    const restored = mnemo("archive", "restore", section.id);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`Restored "Pets" to ${join(home, "USER.md")}`);
    expect(await readFile(join(home, "USER.md"), "utf8")).toContain(
      "## Pets\nThe user has a cat called Miso.",
    );
    const back = mnemo("archive", "restore", memory.id);
    expect(back.stdout).toContain('Restored the memory "Tabs"');
    await withHome(async (memory) => expect((await memory.memories.get("Tabs")).content).toContain("Indent"));
    expect(mnemo("archive", "list").stderr).toContain("the archive is empty");
  }, 180_000);

  it("pages with --offset and --limit", async () => {
    await withHome(async (memory) => {
      for (const name of ["A", "B", "C"]) {
        await memory.profile.add("user", name, `Text ${name}.`);
        await memory.profile.remove("user", name);
      }
    });
    const page = JSON.parse(mnemo("archive", "list", "--offset", "1", "--limit", "1", "--json").stdout);
    expect(page).toMatchObject({ total: 3, offset: 1, truncated: true });
    expect(page.items).toHaveLength(1);
    expect(mnemo("archive", "list", "--limit", "1").stderr).toContain(
      "1-1 of 3 archived texts; the next page: --offset 1",
    );
  });

  it("exits 3 for an id that is not in the archive, and 2 for one that is not an id", () => {
    const missing = mnemo("archive", "restore", "0123456789abcdef");
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain("There is no archived text with the id 0123456789abcdef");
    expect(mnemo("archive", "show", "x!").status).toBe(2);
  }, 120_000);

  it("refuses to restore what a save would refuse: a hand-edited archive with an oversized memory", async () => {
    await withHome((memory) => memory.memories.save({ type: "user", name: "Big", content: "Small." }));
    await mkdir(join(home, "archive/memories"), { recursive: true });
    const oversized = `---\nname: Big\ndescription: d\ntype: user\n---\n\n${"b".repeat(30_000)}\n`;
    await writeFile(
      join(home, "archive/memories/user_big.md"),
      `<!-- mnemo archived from memories/user_big.md at 2026-01-01 10:00: deleted -->\n${oversized}`,
    );
    const [item] = listed().items;
    const refused = mnemo("archive", "restore", item?.id ?? "");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("the limit is 20000");
    await withHome(async (memory) => expect((await memory.memories.get("Big")).content).toBe("Small."));
    expect(listed().total).toBe(1); // still in the archive
  }, 120_000);
});
