import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { findRoute } from "./find-route.js";
import { fillPath } from "./path-template.js";
import { API_ROUTES } from "./routes/api-routes.js";

const value = fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 });

describe("findRoute over the API's routes", () => {
  test.prop([fc.constantFrom(...API_ROUTES), value, value])(
    "every route is the one found for its own paths (templates never overlap)",
    (route, first, second) => {
      const path = fillPath(route.path, { name: first, file: first, section: second, topic: first });
      const match = findRoute(API_ROUTES, route.method, path);
      expect(match.kind === "found" && match.route).toBe(route);
    },
  );

  it("tells a wrong method (with the allowed ones) from a path that does not exist", () => {
    expect(findRoute(API_ROUTES, "PUT", "/v1/memories")).toEqual({
      kind: "wrong-method",
      allowed: ["GET", "POST"],
    });
    expect(findRoute(API_ROUTES, "GET", "/v1/nothing")).toEqual({ kind: "no-route" });
  });

  it("has one route per method and path", () => {
    const keys = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
