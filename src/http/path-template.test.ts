import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error.js";
import { fillPath, matchPath, templateParameters } from "./path-template.js";

const value = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });

describe("path templates", () => {
  test.prop([value, value])(
    "matchPath reads back exactly what fillPath wrote, / and .. included",
    (file, section) => {
      const template = "/v1/profile/{file}/sections/{section}";
      expect(matchPath(template, fillPath(template, { file, section }))).toEqual({ file, section });
    },
  );

  test.prop([value])("a parameter is one segment: an encoded / never adds a segment", (name) => {
    const path = fillPath("/v1/memories/{name}", { name });
    expect(path.split("/")).toHaveLength(4);
    expect(matchPath("/v1/memories", path)).toBeUndefined();
  });

  it("does not match other literals, other lengths or an empty parameter", () => {
    expect(matchPath("/v1/memories/{name}", "/v1/journal/x")).toBeUndefined();
    expect(matchPath("/v1/memories/{name}", "/v1/memories/x/y")).toBeUndefined();
    expect(matchPath("/v1/memories/{name}", "/v1/memories/")).toBeUndefined();
    expect(templateParameters("/v1/profile/{file}/sections/{section}")).toEqual(["file", "section"]);
  });

  it("refuses broken percent-encoding with a 400", () => {
    expect(() => matchPath("/v1/memories/{name}", "/v1/memories/%E0%A4%A")).toThrow(HttpError);
  });
});
