import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { InMemoryHomeDirectory } from "../adapters/memory/in-memory-home-directory.js";
import type { HomeDirectory } from "../contracts/home-directory.js";
import { MnemoError } from "../errors.js";

/**
 * The behaviour every HomeDirectory must have, as vitest tests. An adapter's test file calls
 * `describeHomeDirectoryConformance("files", async () => ({ directory, reopen, cleanup }))`;
 * `createDirectory` returns a fresh, empty directory. It ends with a model-based test: random
 * creates and lookups over ids that nest must agree with the in-memory directory (the oracle).
 */
export interface HomeDirectoryUnderTest {
  directory: HomeDirectory;
  /** Another handle on the same storage, as a second server process would open it. */
  reopen: () => HomeDirectory;
  /** Removes what the directory left behind (folders, databases). */
  cleanup?: () => Promise<void>;
}

/** A few ids that nest, so random sequences meet every overlap. */
const POOL = ["acme", "acme/u-1", "acme/u-2", "acme/u-1/agent", "bob", "bob_2", "z/y/x"];

export function describeHomeDirectoryConformance(
  name: string,
  createDirectory: () => Promise<HomeDirectoryUnderTest>,
): void {
  async function withDirectory(work: (under: HomeDirectoryUnderTest) => Promise<void>): Promise<void> {
    const under = await createDirectory();
    try {
      await work(under);
    } finally {
      await under.cleanup?.();
    }
  }

  describe(`HomeDirectory conformance: ${name}`, () => {
    test("creates a home once, finds it, and lists every home sorted", () =>
      withDirectory(async ({ directory }) => {
        expect(await directory.list()).toEqual([]);
        expect(await directory.exists("acme/user-42")).toBe(false);
        expect(await directory.create("acme/user-42")).toBe(true);
        expect(await directory.create("acme/user-42")).toBe(false);
        expect(await directory.create("alice")).toBe(true);
        expect(await directory.create("acme/user-7")).toBe(true);
        expect(await directory.exists("acme/user-42")).toBe(true);
        expect(await directory.exists("acme")).toBe(false);
        expect(await directory.list()).toEqual(["acme/user-42", "acme/user-7", "alice"]);
      }));

    test("another handle on the same storage sees the same homes", () =>
      withDirectory(async ({ directory, reopen }) => {
        await directory.create("team/one");
        const other = reopen();
        expect(await other.exists("team/one")).toBe(true);
        expect(await other.create("team/one")).toBe(false);
        await other.create("team/two");
        expect(await directory.list()).toEqual(["team/one", "team/two"]);
      }));

    test.each(["..", "../x", "acme/../bob", "/abs", "Acme", ".mnemo", "a//b", "a/", "a\\b", "", "x/%2e%2e"])(
      "refuses the id %j with INVALID_INPUT naming homeId, and creates nothing",
      (id) =>
        withDirectory(async ({ directory }) => {
          await expect(directory.create(id)).rejects.toMatchObject({
            code: "INVALID_INPUT",
            message: expect.stringMatching(/^homeId "/),
          });
          await expect(directory.exists(id)).rejects.toMatchObject({ code: "INVALID_INPUT" });
          expect(await directory.list()).toEqual([]);
        }),
    );

    test("refuses a home inside another, or holding one, naming the other", () =>
      withDirectory(async ({ directory }) => {
        await directory.create("acme/user-42");
        await expect(directory.create("acme")).rejects.toThrow(/holds the home "acme\/user-42"/);
        await expect(directory.create("acme/user-42/agent")).rejects.toThrow(
          /is inside the home "acme\/user-42"/,
        );
        expect(await directory.list()).toEqual(["acme/user-42"]);
      }));

    test("concurrent creates of one id: exactly one creates it; of many ids: none is lost", () =>
      withDirectory(async ({ directory, reopen }) => {
        const handles = [directory, reopen(), reopen()];
        const same = await Promise.all(handles.flatMap((each) => [each.create("race"), each.create("race")]));
        expect(same.filter(Boolean)).toHaveLength(1);
        const ids = Array.from({ length: 12 }, (_, index) => `many/h-${index}`);
        await Promise.all(ids.map((id, index) => (handles[index % 3] as HomeDirectory).create(id)));
        expect(await directory.list()).toEqual(["race", ...ids].sort());
      }));

    propertyTest.prop(
      [fc.array(fc.tuple(fc.constantFrom("create", "exists"), fc.constantFrom(...POOL)), { maxLength: 12 })],
      {
        numRuns: 20,
      },
    )("agrees with the in-memory directory on any sequence of creates and lookups", (steps) =>
      withDirectory(async ({ directory }) => {
        const oracle = new InMemoryHomeDirectory();
        for (const [operation, id] of steps) {
          const expected = await outcome(() => oracle[operation](id));
          expect(await outcome(() => directory[operation](id))).toEqual(expected);
        }
        expect(await directory.list()).toEqual(await oracle.list());
      }),
    );
  });
}

/** A call's result, or the code of the MnemoError it failed with. */
async function outcome(call: () => Promise<boolean>): Promise<boolean | string> {
  try {
    return await call();
  } catch (error) {
    if (MnemoError.isInstance(error)) return error.code;
    throw error;
  }
}
