import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { MnemoError } from "../../errors.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { refuseSecretInName, SecretDetectedError } from "./secret-guard.js";

/**
 * Issue 26 point 9 through the library: a name holding a credential (a memory's name, a
 * conversation's session id, a topic's name, a file name in an imported tree) is refused with
 * SECRET_DETECTED even when redaction is asked for, nothing is written, the error never echoes it;
 * and `doctor` reports such names already on disk, with the secret redacted from the path.
 */
const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
const homes: string[] = [];

async function open(config = {}) {
  const opened = await openTestMemory({ config: { search: { embedder: "none" }, ...config } });
  homes.push(opened.home);
  return opened;
}

afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => removeDir(home)));
});

async function refusal(write: Promise<unknown>): Promise<MnemoError> {
  const error = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!MnemoError.isInstance(error)) throw new Error(`expected a MnemoError, got ${String(error)}`);
  return error;
}

describe("names holding a credential", () => {
  test("are refused on every write that takes a name, even with redactSecrets: true, and nothing is written", async () => {
    const { memory, home } = await open({ categories: { deploy: GITHUB_TOKEN } });
    const writes: Array<[string, Promise<unknown>]> = [
      [
        "memory name",
        memory.memories.save({
          type: "reference",
          name: `CI ${GITHUB_TOKEN}`,
          content: "x",
          redactSecrets: true,
        }),
      ],
      [
        "session id",
        memory.conversations.add(GITHUB_TOKEN, [{ speaker: "user", text: "hello" }], { redactSecrets: true }),
      ],
      ["topic name", memory.journal.add("deploy", "Deployed on Friday.", { redactSecrets: true })],
      [
        "session id with a suffix",
        memory.conversations.add(`${GITHUB_TOKEN}-2`, [{ speaker: "user", text: "hi" }], {
          redactSecrets: true,
        }),
      ],
    ];
    for (const [what, write] of writes) {
      const error = await refusal(write);
      expect(error.code, what).toBe("SECRET_DETECTED");
      expect(error.message, what).toContain("github-token");
      expect(error.message, what).toContain("never stored redacted");
      expect(error.message, what).not.toContain(GITHUB_TOKEN);
    }
    expect((await readdir(home, { recursive: true })).filter((entry) => entry.endsWith(".md"))).toEqual([]);
  });

  test("the refusal names each kind found once, and says a name is never redacted", () => {
    let caught: unknown;
    try {
      refuseSecretInName(`${GITHUB_TOKEN}.${GITHUB_TOKEN.replace("ghp_", "gho_")}`, "the session id");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SecretDetectedError);
    expect(caught).toMatchObject({
      code: "SECRET_DETECTED",
      field: "the session id",
      kinds: ["github-token"],
      message: expect.stringContaining("the session id holds what looks like a credential (github-token)."),
    });
    expect((caught as Error).message).toContain("never stored redacted: choose a name without the secret");
    expect((caught as Error).message).not.toContain(GITHUB_TOKEN);
    expect(() => refuseSecretInName("Prefers tabs", "the memory's name")).not.toThrow();
  });

  test("an imported file named after a key is refused, listed with the key redacted; the rest is imported", async () => {
    const { memory, home } = await open();
    const tree = [
      { path: "USER.md", text: "# User\n\n## Name\nAda\n" },
      { path: `topics/${GITHUB_TOKEN}.md`, text: "# notes\n" },
      { path: `notes/${GITHUB_TOKEN}.txt`, text: "outside the tree too" },
    ];
    const report = await memory.importTree(tree, { redactSecrets: true });
    expect(report.added).toEqual(["USER.md"]);
    expect(report.refused.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: "notes/[REDACTED:github-token].txt", code: "SECRET_DETECTED" },
      { path: "topics/[REDACTED:github-token].md", code: "SECRET_DETECTED" },
    ]);
    expect(report.refused[0]?.reason).toContain("never stored redacted");
    expect(JSON.stringify(report)).not.toContain(GITHUB_TOKEN);
    expect(
      (await readdir(home, { recursive: true })).filter((entry) => entry.includes(GITHUB_TOKEN)),
    ).toEqual([]);
  });

  test("doctor reports names already on disk, with the secret redacted from the path", async () => {
    const { memory, home } = await open();
    await mkdir(join(home, "topics"), { recursive: true });
    await mkdir(join(home, "conversations"), { recursive: true });
    await writeFile(join(home, "topics", `${GITHUB_TOKEN}.md`), "# notes\n");
    await writeFile(join(home, "conversations", `${GITHUB_TOKEN}.md`), "# Conversation\n");
    const report = await memory.doctor();
    const named = report.problems.filter((problem) => problem.message.startsWith("its name holds"));
    expect(named.map((problem) => problem.path).sort()).toEqual([
      "conversations/[REDACTED:github-token].md",
      "topics/[REDACTED:github-token].md",
    ]);
    expect(named.every((problem) => problem.kind === "stored-secret" && !problem.fixable)).toBe(true);
    expect(JSON.stringify(report)).not.toContain(GITHUB_TOKEN);
  });
});
