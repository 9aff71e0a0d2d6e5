import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MnemoError } from "../../errors.js";
import { scanForSecrets } from "./scan-secrets.js";
import { guardSecrets } from "./secret-guard.js";
import {
  isPlaceholder,
  looksLikePassword,
  looksLikeRandomKey,
  looksLikeSymbolKey,
  shannonEntropy,
} from "./secret-values.js";

describe("judging candidate values", () => {
  test.prop([fc.string({ minLength: 1, maxLength: 80 })])(
    "entropy lies between 0 and log2 of the number of distinct characters",
    (text) => {
      const distinct = new Set(text).size;
      expect(shannonEntropy(text)).toBeGreaterThanOrEqual(0);
      expect(shannonEntropy(text)).toBeLessThanOrEqual(Math.log2(distinct) + 1e-9);
    },
  );

  test.prop([
    fc.constantFrom(
      `${"$"}{DB_PASSWORD}`,
      "<password>",
      "***",
      "your-api-key",
      "[REDACTED:password]",
      "changeme",
      "xxxxxxxx",
    ),
  ])("placeholders are neither passwords nor keys", (value) => {
    expect(isPlaceholder(value)).toBe(true);
    expect(looksLikePassword(value, true)).toBe(false);
    expect(looksLikeRandomKey(value)).toBe(false);
  });

  test.each(["hunter2!", "Tr0ub4dor&3", "correcthorse+359%"])("%s reads as a password", (value) => {
    expect(looksLikePassword(value, false)).toBe(true);
  });

  test.each([
    "required",
    "incorrect",
    "forgotten",
    "complicated",
    "somewhere",
    "everything",
    "protected",
    "userPassword",
  ])("the plain word %s does not", (value) => {
    expect(looksLikePassword(value, false)).toBe(false);
  });

  test.each(["correcthorsebattery", "purplemonkeydishwasher", "postgres"])(
    "a run of lower-case letters that is no English word form reads as a password: %s",
    (value) => {
      expect(looksLikePassword(value, false)).toBe(true);
    },
  );

  test("a hex key of 32 digits and more is a key, whatever its entropy; a shorter one is not", () => {
    expect(looksLikeRandomKey("4aca2a476dfaf580da42b1ddb40727dd")).toBe(true);
    expect(looksLikeRandomKey("4aca2a476dfaf580da42b1ddb40727d")).toBe(false);
  });

  test.each([
    ["k2!x$w@9q^z*m(p)3v+e&r7t-u_y=i0o1a2s3d4f5g6h7j8kq", true],
    ["k2!x$w@9q^z*m(p)3v+e&r7t-u_y=i0o", true],
    ["k2!x$w@9q^z*m(p)3v+e&r7t-u_y=i0", false],
    ["abcdefghijklmnopqrstuvwxyz!@#$%^&*()", false],
    ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1!", false],
    ["@DJANGO_SECRET_KEY_for_production@", false],
    ["^[A-Za-z0-9+/]{40}$|^(?:foo|bar)+$", false],
    ["C:\\Users\\dan\\keys\\caramel-base-379922-9d9af53bf1a0.json", false],
    ["the quick brown fox jumps over the lazy dog!", false],
    ["k2!x$w@9q^z*m(p)3v+e&r7t-u_y", false],
  ])("a key of letters, digits and symbols: %s → %s", (value, expected) => {
    expect(looksLikeSymbolKey(value)).toBe(expected);
  });
});

describe("guardSecrets", () => {
  const text = fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.constantFrom("key AKIAQWERTYUIOPASDFGH", "password: hunter2!", "plain words only"),
  );

  test.prop([text])(
    "redact mode leaves nothing to find; refuse mode throws exactly when there is",
    (input) => {
      const findings = scanForSecrets(input);
      const redacted = guardSecrets(input, { field: "the text", mode: "redact" });
      expect(scanForSecrets(redacted.text)).toEqual([]);
      expect(redacted.redactedSecrets).toHaveLength(findings.length);
      let refused: unknown;
      try {
        guardSecrets(input, { field: "the text", mode: "refuse" });
      } catch (error) {
        refused = error;
      }
      expect(MnemoError.isInstance(refused) && refused.code === "SECRET_DETECTED").toBe(findings.length > 0);
    },
  );
});
