import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { profile } from "./profile.js";

/** The profile commands in process, on a real home. */
const test = useTestHome();
const command = (name: string) => {
  const found = profile.commands.find((each) => each.name === name);
  if (!found) throw new Error(`no profile ${name}`);
  return found;
};

describe("profile", () => {
  it("adds, replaces, reads and removes a section, saying what changed and the budget", async () => {
    const added = await runUnit(command("add"), test.memory, ["user", "Work", "Writes Go."], {});
    expect(added.text).toBe(
      `Added to section "Work" of ${join(test.home, "USER.md")}\nUSER.md: ${added.data.usage.characters}/1400 characters`,
    );
    const replaced = await runUnit(command("replace"), test.memory, ["user", "Work", "Go", "Rust"], {});
    expect(replaced.text).toMatch(/^Replaced text in section "Work" of /);
    const section = await runUnit(command("read"), test.memory, ["user", "Work"], {});
    expect(section.text).toBe("Writes Rust.");
    const removed = await runUnit(command("remove"), test.memory, ["user", "Work"], {});
    expect(removed.text).toMatch(
      /^Removed section "Work" of .*\nUSER\.md: \d+\/1400 characters\nArchived \d+ characters to /,
    );
  });

  it("notes an empty file on stderr, in text mode only", async () => {
    const read = command("read");
    const empty = await runUnit(read, test.memory, ["soul"], {});
    expect(read.notes?.(empty.data, empty.input, { ...empty.rendered, json: false })).toEqual([
      "SOUL.md is empty or does not exist yet",
    ]);
    expect(read.notes?.(empty.data, empty.input, { ...empty.rendered, json: true })).toEqual([]);
  });

  it("refuses an unknown file before the home is touched", async () => {
    expect(() => command("read").input(["soull"], {})).toThrow(
      /Unknown profile file "soull"; use one of soul, user/,
    );
  });
});
