import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { TokenGrant } from "../../contracts/token-registry.js";
import { MnemoError } from "../../errors.js";
import { chooseHome } from "./home-choice.js";

const HOMES = ["a", "acme/u-1", "acme/u-2", "b"];
const grant = (homes: string[]): TokenGrant => ({
  id: "tok_0000000000000000",
  homes,
  admin: false,
  createdAt: new Date(0),
});

describe("choosing a request's home (pure)", () => {
  test.prop([
    fc.subarray(HOMES),
    fc.option(fc.oneof(fc.constantFrom(...HOMES), fc.string({ maxLength: 12 })), { nil: undefined }),
  ])("the home chosen is always one of the token's; any other is refused", (homes, requested) => {
    let chosen: string | undefined;
    try {
      chosen = chooseHome(grant(homes), requested);
    } catch (error) {
      expect(MnemoError.isInstance(error)).toBe(true);
      return;
    }
    expect(homes).toContain(chosen);
    if (requested !== undefined) expect(chosen).toBe(requested);
  });

  test.prop([fc.subarray(HOMES, { minLength: 1 }), fc.constantFrom(...HOMES, "ghost")])(
    "another home and a missing one are refused with the same words",
    (homes, requested) => {
      if (homes.includes(requested)) return;
      expect(() => chooseHome(grant(homes), requested)).toThrow(
        expect.objectContaining({
          code: "NOT_FOUND",
          message: `There is no memory home "${requested}" for this token.`,
        }),
      );
    },
  );

  test("a token of one home needs no header; of several, it must name one", () => {
    expect(chooseHome(grant(["a"]), undefined)).toBe("a");
    expect(() => chooseHome(grant(["a", "b"]), undefined)).toThrow(
      /may use 2 memory homes: name one in the Mnemo-Home header/,
    );
    expect(() => chooseHome(grant([]), undefined)).toThrow(/reaches no memory home/);
    expect(() => chooseHome(grant(["a"]), "../a")).toThrow(
      /^The Mnemo-Home header "\.\.\/a" is not a valid home id/,
    );
  });
});
