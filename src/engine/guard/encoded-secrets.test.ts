import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { encodedSecrets } from "./encoded-secrets.js";
import { scanForSecrets } from "./scan-secrets.js";

const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
const AWS_KEY = "AKIAQWERTYUIOPASDFGH";

describe("encodedSecrets", () => {
  test.each([
    ["base64", Buffer.from(GITHUB_TOKEN).toString("base64"), "github-token"],
    ["base64url", Buffer.from(`token: ${GITHUB_TOKEN}?`).toString("base64url"), "github-token"],
    ["hex", Buffer.from(AWS_KEY).toString("hex"), "aws-access-key-id"],
    ["0x hex", `0x${Buffer.from(AWS_KEY).toString("hex").toUpperCase()}`, "aws-access-key-id"],
  ])("a %s run holding a key is one secret, the whole run, named by the key inside", (_, encoded, kind) => {
    const text = `blob: ${encoded} (end)`;
    expect(encodedSecrets(text, scanForSecrets)).toEqual([{ kind, start: 6, end: 6 + encoded.length }]);
  });

  test.each([
    ["text without a key", Buffer.from("just an ordinary sentence, nothing more").toString("base64")],
    ["random bytes", "q83vEjRWeJq83vEjRWeJq83vEjRWeJq8"],
    ["a git commit", "9fceb02d0ae598e95dc970b74767f19372d61af8"],
    ["a run too short to hold a key", Buffer.from(AWS_KEY.slice(0, 17)).toString("base64")],
  ])("finds nothing in %s", (_, encoded) => {
    expect(encodedSecrets(`x ${encoded} y`, scanForSecrets)).toEqual([]);
  });

  test("a run inside a longer run of base64 characters is not decoded alone", () => {
    const encoded = Buffer.from(GITHUB_TOKEN).toString("base64");
    expect(encodedSecrets(`x${encoded}`, scanForSecrets)).toEqual([]);
  });

  test.prop([fc.uint8Array({ minLength: 18, maxLength: 90 })])(
    "what it finds always decodes to text holding a secret",
    (bytes) => {
      const encoded = Buffer.from(bytes).toString("base64");
      for (const finding of encodedSecrets(encoded, scanForSecrets)) {
        const decoded = Buffer.from(encoded.slice(finding.start, finding.end), "base64").toString("latin1");
        expect(scanForSecrets(decoded).length).toBeGreaterThan(0);
      }
    },
  );
});
