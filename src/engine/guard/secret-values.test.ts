import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MnemoError } from "../../errors.js";
import { scanForSecrets } from "./scan-secrets.js";
import { guardSecrets } from "./secret-guard.js";
import { isPlaceholder, looksLikePassword, looksLikeRandomKey, shannonEntropy } from "./secret-values.js";

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

  test.each(["required", "incorrect", "forgotten"])("the plain word %s does not", (value) => {
    expect(looksLikePassword(value, false)).toBe(false);
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
