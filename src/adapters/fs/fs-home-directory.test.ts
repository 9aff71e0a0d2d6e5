import { mkdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { FsHomeDirectory } from "./fs-home-directory.js";
import { FsTokenRegistry } from "./fs-token-registry.js";

/** What only the file backend can get wrong: links in the root, stray folders, the token file's mode. */
describe("homes under a root folder", () => {
  let root: string;
  let outside: string;
  beforeEach(async () => {
    root = await makeTempDir("mnemo-homes-");
    outside = await makeTempDir("mnemo-outside-");
  });
  afterEach(async () => {
    await removeDir(root);
    await removeDir(outside);
  });
  const directory = () => new FsHomeDirectory({ root, lockTimeoutMs: 5000 });

  test("a home is its folder with a marker; a link on the way is refused, inside the root or out", async () => {
    await directory().create("acme/user-42");
    expect(JSON.parse(await readFile(join(root, "acme/user-42/.mnemo-home"), "utf8"))).toMatchObject({
      id: "acme/user-42",
    });
    await symlink(join(root, "acme"), join(root, "alias"));
    await symlink(outside, join(root, "out"));
    await mkdir(join(outside, "x"));
    await writeFile(join(outside, "x", ".mnemo-home"), "{}");
    await expect(directory().exists("alias/user-42")).rejects.toMatchObject({
      code: "OUTSIDE_HOME",
      message: expect.stringContaining("is a symbolic link"),
    });
    await expect(directory().create("out/x")).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    await expect(directory().folderOf("out/x")).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await directory().list()).toEqual(["acme/user-42"]);
  });

  test("an existing folder without a marker (a home moved in by hand) becomes a home, its files kept", async () => {
    await mkdir(join(root, "alice", "memories"), { recursive: true });
    await writeFile(join(root, "alice", "SOUL.md"), "# Soul\n");
    expect(await directory().create("alice")).toBe(true);
    expect(await readFile(join(root, "alice", "SOUL.md"), "utf8")).toBe("# Soul\n");
    expect(await directory().folderOf("alice")).toBe(join(root, "alice"));
    await expect(directory().folderOf("bob")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("the token file is owner-only and a broken one is refused naming the file", async () => {
    const registry = new FsTokenRegistry({ root, lockTimeoutMs: 5000 });
    const { token } = await registry.issue({ homes: ["a"] });
    expect((await stat(join(root, ".mnemo", "tokens.json"))).mode & 0o777).toBe(0o600);
    await writeFile(join(root, ".mnemo", "tokens.json"), "{ not json");
    await expect(registry.verify(token)).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining(join(root, ".mnemo", "tokens.json")),
    });
  });
});
