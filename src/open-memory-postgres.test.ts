import { describe, expect, test } from "vitest";
import { openMemory } from "./open-memory.js";
import { runMnemo } from "./testing/test-cli.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";

/** A PostgreSQL home whose server cannot be reached fails clearly, and never shows the URL's password. */
describe("a PostgreSQL store that cannot be reached", () => {
  const url = "postgres://mnemo:s3cret-word@127.0.0.1:1/memory";

  test("openMemory rejects with IO, naming the server without its password", async () => {
    const folder = await makeTempDir();
    try {
      const opening = openMemory({ home: folder, env: {}, store: url, homeId: "acme/user-1" });
      await expect(opening).rejects.toMatchObject({ code: "IO" });
      const message = await opening.catch((error: Error) => error.message);
      expect(message).toContain("postgres://mnemo@127.0.0.1:1/memory");
      expect(message).not.toContain("s3cret-word");
    } finally {
      await removeDir(folder);
    }
  });

  test("the mnemo bin exits 5 (unavailable) with the same message, and memory disabled touches nothing", () => {
    const run = runMnemo(["list", "--store", url, "--home-id", "acme/user-1"], {
      env: { HOME: "/nonexistent" },
    });
    expect(run.status).toBe(5);
    expect(run.stderr).toContain("postgres://mnemo@127.0.0.1:1/memory");
    expect(run.stderr).not.toContain("s3cret-word");
    const disabled = runMnemo(["list", "--store", url, "--home-id", "acme/user-1"], {
      env: { HOME: "/nonexistent", MNEMO_ENABLED: "0" },
    });
    expect(disabled.status).toBe(6);
  });
});
