import { describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { MnemoError } from "../../errors.js";
import { readableMemory } from "./request-rights.js";

/**
 * A read by name for a token that reads only its own agents' memories: another agent's memory, and
 * every failure that would say something of the home's files, are answered as a missing name.
 */
const homeWhoseGet = (get: (name: string) => Promise<unknown>) =>
  ({ memories: { get } }) as unknown as MemoryHome;
const memoryBy = (agent: string | undefined) => async () => ({ name: "Deploys", agent, content: "x" });
const MISSING =
  'No memory named "Deploys" that "ci" or "docs" wrote (this token reads only its own agents\' memories). List them with GET /v1/memories.';

describe("readableMemory", () => {
  test("a token without the limit reads whatever is there", async () => {
    await expect(
      readableMemory(homeWhoseGet(memoryBy("other")), "Deploys", undefined),
    ).resolves.toMatchObject({
      agent: "other",
    });
  });

  test("its own agents' memory is read; another's, or nobody's, is a 404 with the missing name's words", async () => {
    await expect(
      readableMemory(homeWhoseGet(memoryBy("docs")), "Deploys", ["ci", "docs"]),
    ).resolves.toMatchObject({
      agent: "docs",
    });
    for (const agent of ["other", undefined])
      await expect(
        readableMemory(homeWhoseGet(memoryBy(agent)), "Deploys", ["ci", "docs"]),
      ).rejects.toMatchObject({
        status: 404,
        code: "NOT_FOUND",
        message: MISSING,
      });
  });

  test("a failure that would name files or similar names is the same 404; any other failure goes on as it was", async () => {
    for (const code of ["NOT_FOUND", "INVALID_INPUT", "OUTSIDE_HOME", "MALFORMED_FILE"] as const) {
      const failing = homeWhoseGet(async () => {
        throw new MnemoError(code, "memories/project_deploys.md line 3: something the token may not see");
      });
      await expect(readableMemory(failing, "Deploys", ["ci", "docs"]), code).rejects.toMatchObject({
        status: 404,
        message: MISSING,
      });
    }
    const broken = new MnemoError("IO", "disk on fire");
    await expect(
      readableMemory(
        homeWhoseGet(async () => Promise.reject(broken)),
        "Deploys",
        ["ci"],
      ),
    ).rejects.toBe(broken);
    const plain = new Error("not a MnemoError");
    await expect(
      readableMemory(
        homeWhoseGet(async () => Promise.reject(plain)),
        "Deploys",
        ["ci"],
      ),
    ).rejects.toBe(plain);
  });
});
