import { fc, test } from "@fast-check/vitest";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestPath, shadows } from "./path-guard.js";

const segment = fc.string({
  unit: fc.constantFrom("a", "/", "%", "2", "F", ".", ":", "@", "~"),
  maxLength: 12,
});

describe("requestPath", () => {
  test.prop([fc.array(segment, { maxLength: 5 }), fc.option(fc.string(), { nil: undefined })])(
    "is the path exactly as sent, without the query string",
    (segments, query) => {
      const path = `/${segments.join("/")}`;
      const url = `http://127.0.0.1:7077${path}${query === undefined ? "" : `?${query}`}`;
      expect(requestPath(url)).toBe(path);
    },
  );

  it("keeps a path that starts with // a path, and its encoding as sent", () => {
    expect(requestPath("http://localhost//Deploy%20steps")).toBe("//Deploy%20steps");
    expect(requestPath("http://[::1]:80/v1/memories/a%2Fb?x=1#y")).toBe("/v1/memories/a%2Fb");
  });
});

describe("shadows", () => {
  const word = fc.constantFrom("v1", "memories", "batch", "journal", "x");
  const pattern = fc.array(fc.oneof(word, fc.constantFrom(":name", ":topic")), {
    minLength: 1,
    maxLength: 4,
  });
  const literal = fc.array(word, { minLength: 1, maxLength: 4 });

  // hono's router is the oracle: the middleware of the path with parameters runs for the literal path.
  test.prop([pattern, literal])(
    "is true exactly when hono routes the literal path to the other path",
    async (parts, literalParts) => {
      const path = `/${parts.join("/")}`;
      const other = `/${literalParts.join("/")}`;
      const app = new Hono();
      app.get(path, (c) => c.text("matched"));
      const routed = (await app.request(other)).status === 200;
      expect(shadows(path, other)).toBe(routed && path.includes(":") && path !== other);
    },
  );
});
