import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryHomes } from "./engine/tenancy/memory-homes.js";
import { openHomes } from "./open-homes.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";

/** The homes under a root are their folders, whatever the environment or a home's config says. */
describe("openHomes", () => {
  let root: string;
  let homes: MemoryHomes | undefined;
  beforeEach(async () => {
    root = await makeTempDir("mnemo-open-homes-");
  });
  afterEach(async () => {
    await homes?.close();
    await removeDir(root);
  });

  it("opens each home in its folder even when MNEMO_STORE and MNEMO_HOME_ID name a database home", async () => {
    const env = {
      MNEMO_EMBEDDER: "none",
      MNEMO_STORE: "postgres://nobody@127.0.0.1:1/none",
      MNEMO_HOME_ID: "shared",
    };
    homes = await openHomes({ root, env });
    await homes.createHome("acme/ada");
    const memory = await homes.openHome("acme/ada");
    try {
      expect(memory.home).toBe(join(root, "acme", "ada"));
      await memory.memories.save({ type: "user", name: "Ada", description: "d", content: "Ada likes tea." });
    } finally {
      await memory.close();
    }
  });

  it("refuses a home whose own config.json moves it to another store", async () => {
    homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" } });
    await homes.createHome("bob");
    await writeFile(
      join(root, "bob", "config.json"),
      JSON.stringify({ store: "postgres://nobody@127.0.0.1:1/none", homeId: "shared" }),
    );
    await expect(homes.openHome("bob")).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringContaining(join(root, "bob", "config.json")),
    });
  });
});
