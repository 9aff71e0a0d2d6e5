import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { bearerTokenMatches, checkAccess, isLoopbackHost } from "./access-check.js";

const token = fc.stringMatching(/^[\x21-\x7e]{1,40}$/);

describe("bearer tokens", () => {
  test.prop([token, token])("match exactly the same token, whatever the other one is", (expected, given) => {
    expect(bearerTokenMatches(`Bearer ${given}`, expected)).toBe(given === expected);
    expect(bearerTokenMatches(`Bearer ${expected}`, expected)).toBe(true);
  });

  // Two independent random tokens are almost never near each other; a check that ignored case,
  // a last character or white space around the value would pass the property above.
  const nearMiss = fc
    .tuple(token, fc.nat(), fc.constantFrom("case", "last", "extra", "drop", "space"))
    .map(([expected, at, kind]) => {
      const position = at % expected.length;
      const character = expected[position] as string;
      const flipped =
        character.toLowerCase() === character ? character.toUpperCase() : character.toLowerCase();
      const given = {
        case: `${expected.slice(0, position)}${flipped}${expected.slice(position + 1)}`,
        last: `${expected.slice(0, -1)}${expected.at(-1) === "a" ? "b" : "a"}`,
        extra: `${expected}${expected.at(-1)}`,
        drop: expected.slice(0, -1),
        space: `${expected.slice(0, position)} ${expected.slice(position)}`,
      }[kind];
      return { expected, given };
    })
    // White space before or after the value is the header's, not the token's: that is no near miss.
    .filter(({ expected, given }) => given.trim() !== expected);

  test.prop([nearMiss], { numRuns: 300 })("refuse a token one character away", ({ expected, given }) => {
    expect(bearerTokenMatches(`Bearer ${given}`, expected)).toBe(false);
  });

  it("refuse the right token in another case", () => {
    expect(bearerTokenMatches("Bearer s3cret-Token", "s3cret-token")).toBe(false);
    expect(bearerTokenMatches("Bearer S3CRET-TOKEN", "s3cret-token")).toBe(false);
    expect(bearerTokenMatches("Bearer s3cret-token", "s3cret-token")).toBe(true);
  });

  it("take the whole header: the scheme first, one value, white space around it allowed", () => {
    expect(bearerTokenMatches("xBearer t", "t")).toBe(false);
    expect(bearerTokenMatches("Bearer t extra", "t")).toBe(false);
    expect(bearerTokenMatches("Bearer  t", "t")).toBe(true);
    expect(bearerTokenMatches("Bearer t ", "t")).toBe(true);
    // No header never matches, not even an empty token.
    expect(bearerTokenMatches(undefined, "")).toBe(false);
  });

  it("need the Bearer scheme and a value", () => {
    expect(bearerTokenMatches(undefined, "t")).toBe(false);
    expect(bearerTokenMatches("t", "t")).toBe(false);
    expect(bearerTokenMatches("Basic t", "t")).toBe(false);
    expect(bearerTokenMatches("Bearer ", "t")).toBe(false);
    expect(bearerTokenMatches("bearer t", "t")).toBe(true);
  });
});

describe("loopback", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "localhost",
    "LocalHost",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "app.localhost",
    "::ffff:127.0.0.1",
  ])("%s is loopback", (host) => expect(isLoopbackHost(host)).toBe(true));
  // Brackets only ever enclose a whole IPv6 literal: "localhost[]" is not "localhost".
  it.each([
    "0.0.0.0",
    "::",
    "192.168.1.2",
    "example.com",
    "localhost.example.com",
    "128.0.0.1",
    "localhost[]",
    "[]localhost",
  ])("%s is not", (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe("checkAccess", () => {
  const local = { authorization: undefined, host: "127.0.0.1:7077", origin: undefined };

  it("with a token: 401 unless it is sent, whatever the host", () => {
    expect(() => checkAccess({ ...local, host: "example.com" }, "t0k3n")).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    expect(() =>
      checkAccess({ ...local, authorization: "Bearer t0k3n", host: "example.com" }, "t0k3n"),
    ).not.toThrow();
  });

  it("says whether the token is missing or wrong", () => {
    const refusal = (authorization: string | undefined) => {
      try {
        checkAccess({ ...local, authorization }, "t0k3n");
      } catch (error) {
        return error as { status: number; code: string; message: string };
      }
      throw new Error("not refused");
    };
    // Not toMatchObject({ message: /…/ }): a bare regular expression there matches any string.
    const advice =
      ': send "Authorization: Bearer <token>" with the token the server was started with (mnemo serve --token, or MNEMO_HTTP_TOKEN).';
    expect(refusal(undefined)).toMatchObject({
      code: "UNAUTHORIZED",
      message: `The bearer token is missing${advice}`,
    });
    expect(refusal("Bearer nope")).toMatchObject({
      code: "UNAUTHORIZED",
      message: `The bearer token is wrong${advice}`,
    });
  });

  it("names the foreign host or page it refuses, and refuses an origin it cannot read", () => {
    const refusal = (request: { host?: string; origin?: string }) => {
      try {
        checkAccess({ ...local, ...request }, undefined);
      } catch (error) {
        return error as { status: number; code: string; message: string };
      }
      throw new Error("not refused");
    };
    expect(refusal({ host: "rebound.example:7077" })).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: expect.stringContaining('Host "rebound.example:7077" is not a loopback name'),
    });
    expect(refusal({ origin: "https://evil.example" })).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: expect.stringContaining("web page at https://evil.example are refused"),
    });
    expect(refusal({ host: undefined })).toMatchObject({
      message:
        'Host "" is not a loopback name: without a token this server answers only requests to localhost or 127.0.0.1. Start it with a token to serve other names.',
    });
    expect(refusal({ origin: "http://[bad" })).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(refusal({ host: "exa mple:80" })).toMatchObject({ status: 403, code: "FORBIDDEN" });
  });

  it("without a token: 403 for a foreign host, a foreign origin or no host at all", () => {
    expect(() => checkAccess(local, undefined)).not.toThrow();
    expect(() => checkAccess({ ...local, origin: "http://localhost:5173" }, undefined)).not.toThrow();
    for (const request of [
      { ...local, host: "rebound.example:7077" },
      { ...local, host: undefined },
      { ...local, origin: "https://evil.example" },
      { ...local, origin: "null" },
    ])
      expect(() => checkAccess(request, undefined)).toThrow(expect.objectContaining({ status: 403 }));
  });
});
