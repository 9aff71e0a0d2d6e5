import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

let home: string;
beforeEach(async () => {
  home = await makeTempDir("mnemo-agents-");
});
afterEach(async () => {
  await removeDir(home);
});

const remember = (name: string, text: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) =>
  runMnemo(
    ["remember", text, "--type", "project", "--name", name, "--no-consolidate", "--home", home, ...extra],
    {
      env,
    },
  );

describe("mnemo --agent / --run and the filters --by-agent / --by-run", () => {
  it("records the writer from the options or the environment, and list and recall filter by it", async () => {
    expect(
      remember("Deploy day", "We deploy the garden app on Fridays.", ["--agent", "alice-bot", "--run", "r1"])
        .status,
    ).toBe(0);
    expect(
      remember("Deploy tool", "The garden app deploys with fly.", [], { MNEMO_AGENT: "bob-bot" }).status,
    ).toBe(0);
    // Before the command word, as the other global options.
    expect(
      runMnemo([
        "--agent",
        "carol",
        "remember",
        "The garden app belongs to Ana.",
        "--type",
        "project",
        "--name",
        "Owner",
        "--no-consolidate",
        "--home",
        home,
      ]).status,
    ).toBe(0);
    expect(await readFile(join(home, "memories", "project_deploy-day.md"), "utf8")).toMatch(
      /^agent: alice-bot\nrun: r1$/m,
    );

    const list = (args: string[]) =>
      JSON.parse(runMnemo(["list", "--json", "--home", home, ...args]).stdout).memories.map(
        (entry: { name: string }) => entry.name,
      );
    expect(list(["--by-agent", "bob-bot"])).toEqual(["Deploy tool"]);
    expect(list(["--by-run", "r1"])).toEqual(["Deploy day"]);
    expect(list(["--by-agent", "carol"])).toEqual(["Owner"]);
    const recall = JSON.parse(
      runMnemo(["recall", "garden app", "--by-agent", "alice-bot", "--json", "--home", home]).stdout,
    );
    expect(recall.hits.map((hit: { title: string }) => hit.title)).toEqual(["Deploy day"]);
  });

  it("refuses a bad agent name, naming it", () => {
    const result = remember("X", "x", ["--agent", "bad\tname"]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('agent "bad\\tname" is not a valid name');
  });
});
