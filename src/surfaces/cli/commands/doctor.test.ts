import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { EXIT_CODES } from "../output.js";
import { doctor } from "./doctor.js";

/** doctor in process, on a real home: its report, its notes and its exit code. */
const test = useTestHome();

describe("doctor", () => {
  it("on a clean home: no problem, a note saying so in text mode, exit 0", async () => {
    const checked = await runUnit(doctor, test.memory, [], {});
    expect(checked.data.problems).toEqual([]);
    expect(checked.text).toMatch(/\.index\/search\.sqlite {2}not built yet/);
    expect(doctor.notes?.(checked.data, checked.input, { ...checked.rendered, json: false })).toEqual([
      `no problems found in ${test.home}`,
    ]);
    expect(doctor.exitCode?.(checked.data, checked.input)).toBe(EXIT_CODES.ok);
  });

  it("a malformed memory is reported with its file and line, and exits 1 even with --fix", async () => {
    await mkdir(join(test.home, "memories"), { recursive: true });
    await writeFile(
      join(test.home, "memories", "user_broken.md"),
      "---\nname: Broken\ntype: opinion\n---\n\nText.\n",
    );
    const checked = await runUnit(doctor, test.memory, [], { fix: true });
    expect(checked.text).toMatch(/^memories\/user_broken\.md(:\d+)? {2}\S+ {2}/m);
    expect(doctor.exitCode?.(checked.data, checked.input)).toBe(EXIT_CODES.problemsRemain);
  });
});
