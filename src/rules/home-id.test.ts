import { join, relative, resolve, sep } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { homeIdProblem, homeIdsOverlap, parseHomeId } from "./home-id.js";

/**
 * A home id becomes the folder `<root>/<homeId>/`: whatever a caller sends, an accepted id names a
 * folder strictly inside the root, and one home never lies inside another's folder.
 */
const ROOT = resolve("/srv/mnemo-homes");

/** Strings that stress paths: separators, dots, case, Unicode look-alikes, control characters. */
const hostileId = fc.string({
  unit: fc.constantFrom(
    "a",
    "B",
    "0",
    "-",
    "_",
    ".",
    "..",
    "/",
    "\\",
    "~",
    "\0",
    "\n",
    " ",
    "é",
    "Ａ",
    "%2e",
    ":",
  ),
  maxLength: 12,
});
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,6}$/);
const validHomeId = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));

describe("home ids (pure)", () => {
  test.prop([fc.oneof(hostileId, fc.string({ unit: "binary", maxLength: 40 }), validHomeId)])(
    "an accepted id is a folder strictly inside the root, reached by exactly its own segments",
    (id) => {
      if (homeIdProblem(id) !== undefined) return;
      const folder = resolve(ROOT, id);
      expect(folder.startsWith(ROOT + sep)).toBe(true);
      expect(relative(ROOT, folder).split(sep).join("/")).toBe(id);
      expect(folder).toBe(join(ROOT, ...id.split("/")));
    },
  );

  test.prop([validHomeId, validHomeId])(
    "overlap is symmetric and means one folder holds the other",
    (a, b) => {
      expect(homeIdsOverlap(a, b)).toBe(homeIdsOverlap(b, a));
      const inside = (x: string, y: string) => x === y || resolve(ROOT, x).startsWith(resolve(ROOT, y) + sep);
      expect(homeIdsOverlap(a, b)).toBe(inside(a, b) || inside(b, a));
    },
  );

  test.each([
    ["..", /the part "\.\." is not lower-case/],
    ["acme/../bob", /the part "\.\." is not/],
    ["/acme", /an empty part/],
    ["acme/", /an empty part/],
    ["Acme/user-42", /the part "Acme"/],
    [".mnemo", /the part "\.mnemo"/],
    ["acme\\bob", /the part "acme\\\\bob"/],
    ["a/b/c/d/e/f/g/h/i", /more than 8/],
    ["x".repeat(65), /longer than 64/],
    ["", /it is empty/],
  ])("refuses %j with a reason", (id, reason) => {
    expect(homeIdProblem(id)).toMatch(reason);
  });

  test.each(["alice", "acme/user-42", "t1/agent_7/x-y", "0"])("accepts %j", (id) => {
    expect(parseHomeId(id)).toBe(id);
  });

  test("the error names the field and says what a home id is", () => {
    expect(() => parseHomeId("Acme", "homes[1]")).toThrow(
      expect.objectContaining({
        code: "INVALID_INPUT",
        message: expect.stringMatching(/^homes\[1\] "Acme" is not a valid home id/),
      }),
    );
    expect(() => parseHomeId(42, "homeId")).toThrow(/homeId must be a home id string/);
  });
});
