import { fc, test } from "@fast-check/vitest";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "./api-routes.js";

/**
 * The route table under hono's router: every route is the one reached by its own paths, whatever
 * its parameters hold ("/", "..", "%", spaces), and each parameter arrives decoded, exactly as sent.
 * An app that echoes the route and parameters stands in for the handlers.
 */
const echo = new Hono();
for (const { route } of API_ROUTES)
  echo.on(route.method.toUpperCase(), route.getRoutingPath(), (c) =>
    c.json({ operationId: route.operationId, params: c.req.param() }),
  );

/** Percent-encodes a parameter; dots too, so that "." and ".." stay names, not dot segments. */
function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? "").replace(/\./g, "%2E"),
  );
}

/**
 * A parameter of only "." or ".." is a dot segment to every URL parser, percent-encoded or not
 * (WHATWG URL decodes %2E), so no client can send it: mnemo refuses such names when they are saved
 * (memory-name.ts, sections.ts; http-refusals.test.ts), and they are not drawn here.
 */
const value = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 20 })
  .filter((text) => !/^\.{1,2}$/.test(text));

describe("the API's routes", () => {
  // Routes are drawn by index, so that a counterexample names one in a few characters.
  test.prop([fc.nat({ max: API_ROUTES.length - 1 }), value, value])(
    "each is reached by its own paths, with its parameters decoded exactly",
    async (index, first, second) => {
      const { route } = API_ROUTES[index] as (typeof API_ROUTES)[number];
      const values = {
        name: first,
        file: first,
        section: second,
        topic: first,
        session: first,
        sessionId: first,
        id: first,
      };
      const response = await echo.request(fillPath(route.path, values), {
        method: route.method.toUpperCase(),
      });
      const expected = Object.fromEntries(
        [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, values[name as keyof typeof values]]),
      );
      expect(await response.json()).toEqual({ operationId: route.operationId, params: expected });
    },
  );

  it("has one route per method and path, and an operationId each", () => {
    const keys = API_ROUTES.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const operations = API_ROUTES.map(({ route }) => route.operationId);
    expect(new Set(operations).size).toBe(operations.length);
  });
});
