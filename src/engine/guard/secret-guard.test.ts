import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { MnemoError } from "../../errors.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * The write-time guard through the library, on real memory homes: every call that stores text
 * refuses a credential by default (SECRET_DETECTED, nothing written), stores it redacted when asked
 * per call or by config, and never echoes the secret in its error.
 */
const AWS_KEY = "AKIAQWERTYUIOPASDFGH";
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

/** Every Markdown file of the home, concatenated. */
async function allMarkdown(home: string): Promise<string> {
  const entries = await readdir(home, { recursive: true });
  const files = entries.filter((entry) => entry.endsWith(".md"));
  return (await Promise.all(files.map((file) => readFile(join(home, file), "utf8")))).join("\n");
}

async function refusal(write: Promise<unknown>): Promise<MnemoError> {
  const error = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!MnemoError.isInstance(error)) throw new Error(`expected a MnemoError, got ${String(error)}`);
  return error;
}

const writes: Array<[string, (memory: MemoryHome, text: string) => Promise<unknown>]> = [
  ["memories.save", (m, text) => m.memories.save({ type: "reference", name: "Deploy keys", content: text })],
  ["profile.add", (m, text) => m.profile.add("user", "Accounts", text)],
  ["journal.add", (m, text) => m.journal.add("general", text)],
  ["onboard", (m, text) => m.onboard({ name: "Mo", personality: text, speakingStyle: "brief" })],
];

describe("the write-time secret guard", () => {
  test.each(writes)("%s refuses a credential by default and writes nothing", async (_name, write) => {
    const { memory, home } = await open();
    const error = await refusal(write(memory, `deploy with ${AWS_KEY} and ${GITHUB_TOKEN}`));
    expect(error.code).toBe("SECRET_DETECTED");
    expect(error.message).toMatch(/aws-access-key-id, github-token/);
    expect(error.message).toMatch(/redactSecrets: true/);
    expect(error.message).not.toContain(AWS_KEY);
    expect(await allMarkdown(home)).not.toContain(AWS_KEY);
  });

  test("memories.save with redactSecrets stores [REDACTED:<kind>], in the file and its index line", async () => {
    const { memory, home } = await open();
    const saved = await memory.memories.save({
      type: "reference",
      name: "Deploy keys",
      content: `deploy with ${AWS_KEY} and ${GITHUB_TOKEN}`,
      redactSecrets: true,
    });
    expect(saved.redactedSecrets).toEqual(["aws-access-key-id", "github-token"]);
    expect(saved.indexLine).toContain("deploy with [REDACTED:aws-access-key-id] and [REDACTED:github-token]");
    const markdown = await allMarkdown(home);
    expect(markdown).not.toContain(AWS_KEY);
    expect(markdown).not.toContain(GITHUB_TOKEN);
  });

  test('a home set to secrets: "redact" redacts every write; redactSecrets: false still refuses', async () => {
    const { memory, home } = await open({ secrets: "redact" });
    await memory.profile.add("user", "Wifi", "The wifi password is Kestrel#4821!");
    await memory.journal.add("general", `token ${GITHUB_TOKEN}`);
    await memory.profile.add("user", "Wifi", "placeholder");
    await memory.profile.replace("user", {
      section: "Wifi",
      oldText: "placeholder",
      newText: `backup key ${AWS_KEY}`,
    });
    const markdown = await allMarkdown(home);
    expect(markdown).toContain("The wifi password is [REDACTED:password]");
    expect(markdown).not.toMatch(/Kestrel#4821|ghp_|AKIA/);
    const error = await refusal(memory.journal.add("general", GITHUB_TOKEN, { redactSecrets: false }));
    expect(error.code).toBe("SECRET_DETECTED");
  });

  test("text without a credential is stored as given", async () => {
    const { memory } = await open();
    const saved = await memory.memories.save({
      type: "user",
      name: "Password habits",
      content: "Keeps every password in a password manager; the PIN is in the safe.",
    });
    expect(saved.redactedSecrets).toEqual([]);
    expect((await memory.memories.get("Password habits")).content).toContain("password manager");
  });
});
