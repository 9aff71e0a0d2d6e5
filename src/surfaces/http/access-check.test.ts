import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { bearerTokenMatches, checkAccess, isLoopbackHost } from "./access-check.js";

const token = fc.stringMatching(/^[\x21-\x7e]{1,40}$/);

describe("bearer tokens", () => {
  test.prop([token, token])("match exactly the same token, whatever the other one is", (expected, given) => {
    expect(bearerTokenMatches(`Bearer ${given}`, expected)).toBe(given === expected);
    expect(bearerTokenMatches(`Bearer ${expected}`, expected)).toBe(true);
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
  it.each(["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "app.localhost", "::ffff:127.0.0.1"])(
    "%s is loopback",
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );
  it.each(["0.0.0.0", "::", "192.168.1.2", "example.com", "localhost.example.com", "128.0.0.1"])(
    "%s is not",
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
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
