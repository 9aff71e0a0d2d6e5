import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemory } from "../../index.js";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo doctor` reports memories already in a home that a consolidated save would not have kept
 * side by side (saved with consolidation off, by hand, or by an older mnemo), through the built bin.
 */
let home: string;
const env = { MNEMO_EMBEDDER: "none" };

beforeEach(async () => {
  home = await makeTempDir("mnemo-doctor-consolidation-");
  const memory = await openMemory({ home, env: {}, config: { consolidation: { enabled: false } } });
  const save = (type: "user" | "project", name: string, content: string) =>
    memory.memories.save({ type, name, content });
  await save("user", "Home city", "Lives in Porto.");
  await save("user", "Where I live", "lives in porto");
  await save("project", "Standup", "Daily standup is at 9:30.");
  await save("project", "Standup moved", "Daily standup is at 10:00.");
  await save("user", "Pet", "Has a cat called Miso.");
  await save("project", "Budget", "The cloud budget is 42,000 EUR a month.");
  await memory.close();
});

afterEach(async () => {
  await removeDir(home);
});

describe("mnemo doctor", () => {
  it("names likely duplicates and conflicts, and nothing else", () => {
    const run = runMnemo(["doctor", "--json", "--home", home], { env });
    expect(run.status).toBe(1);
    const { problems } = JSON.parse(run.stdout) as { problems: Array<Record<string, unknown>> };
    expect(problems).toEqual([
      {
        kind: "conflicting-memories",
        path: "memories/project_standup-moved.md",
        message: expect.stringContaining('may contradict memories/project_standup.md ("Standup")'),
        fixable: false,
      },
      {
        kind: "duplicate-memories",
        path: "memories/user_where-i-live.md",
        message: expect.stringContaining('says what memories/user_home-city.md ("Home city") says'),
        fixable: false,
      },
    ]);
    const text = runMnemo(["doctor", "--home", home], { env }).stdout;
    expect(text).toContain(
      "memories/user_where-i-live.md  duplicate-memories  says what memories/user_home-city.md",
    );
  });
});
