import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { checkTokenRequest, hashToken, isWellFormedToken, newToken, newTokenId } from "./token-secrets.js";

describe("token secrets and requests (pure)", () => {
  test("new tokens are well formed, distinct, and their hash holds nothing of them", () => {
    const tokens = Array.from({ length: 200 }, newToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(isWellFormedToken(token)).toBe(true);
      expect(hashToken(token)).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(hashToken(token)).not.toContain(token.slice(6, 16));
    }
    expect(newTokenId()).toMatch(/^tok_[0-9a-f]{16}$/);
  });

  test.prop([fc.string({ maxLength: 60 })])("only mnemo's own token shape is well formed", (value) => {
    expect(isWellFormedToken(value)).toBe(/^mnemo_[A-Za-z0-9_-]{43}$/.test(value));
  });

  test.prop([fc.array(fc.constantFrom("a", "acme/u-1", "b_2", "acme/u-1"), { maxLength: 6 }), fc.boolean()])(
    "a request keeps each valid home once, in order, and always can do something",
    (homes, admin) => {
      if (homes.length === 0 && !admin) {
        expect(() => checkTokenRequest({ homes, admin })).toThrow(/could do nothing/);
        return;
      }
      const checked = checkTokenRequest({ homes, admin });
      expect(checked.homes).toEqual([...new Set(homes)]);
      expect(checked.admin).toBe(admin);
    },
  );

  test.each([
    [{ homes: ["Acme"] }, /homes\[0\] "Acme" is not a valid home id/],
    [{ homes: ["a"], label: "" }, /label must be text of 1 to 200/],
    [{ homes: ["a"], label: "two\nlines" }, /one line/],
    [{ homes: "a" as unknown as string[] }, /homes must be a list/],
  ])("refuses %j", (request, message) => {
    expect(() => checkTokenRequest(request)).toThrow(message);
  });
});
