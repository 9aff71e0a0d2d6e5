import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { TokenGrant } from "../../contracts/token-registry.js";
import { parseTokenFile, type StoredToken, serializeTokenFile } from "./token-file.js";

const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`));
const grant: fc.Arbitrary<TokenGrant> = fc.record(
  {
    id: hex(16).map((digits) => `tok_${digits}`),
    homes: fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,5}(\/[a-z0-9][a-z0-9_-]{0,5}){0,2}$/), {
      maxLength: 3,
    }),
    admin: fc.boolean(),
    label: fc.string({ minLength: 1, maxLength: 30 }),
    createdAt: fc.date({ min: new Date("2000-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }),
  },
  { requiredKeys: ["id", "homes", "admin", "createdAt"] },
);
const stored: fc.Arbitrary<StoredToken> = fc.record({
  hash: hex(64).map((digits) => `sha256:${digits}`),
  grant,
});

describe("the token file (pure)", () => {
  test.prop([fc.array(stored, { maxLength: 5 })])(
    "parse(serialize(tokens)) gives the tokens back",
    (tokens) => {
      expect(parseTokenFile(serializeTokenFile(tokens), "tokens.json")).toEqual(tokens);
    },
  );

  test.each([
    ["{", /is not JSON/],
    ['{"version":2,"tokens":[]}', /version/],
    [
      '{"version":1,"tokens":[{"id":"tok_0123456789abcdef","hash":"sha256:x","homes":[],"admin":true,"created":"2026-01-01T00:00:00.000Z"}]}',
      /tokens\.0\.hash: a hash is "sha256:" and 64 hex digits/,
    ],
    [
      `{"version":1,"tokens":[{"id":"tok_0123456789abcdef","hash":"sha256:${"0".repeat(64)}","homes":["../x"],"admin":false,"created":"2026-01-01T00:00:00.000Z"}]}`,
      /tokens\.0\.homes\.0: every home must be a valid home id/,
    ],
  ])("refuses %s naming the file and the entry", (text, problem) => {
    expect(() => parseTokenFile(text, "/srv/homes/.mnemo/tokens.json")).toThrow(
      expect.objectContaining({
        code: "MALFORMED_FILE",
        message: expect.stringMatching(/^The token file \/srv\/homes\/\.mnemo\/tokens\.json cannot be read/),
      }),
    );
    expect(() => parseTokenFile(text, "f")).toThrow(problem);
  });
});
