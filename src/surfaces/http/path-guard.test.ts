import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { requestPath } from "./path-guard.js";

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
