import { describe, expect, it } from "vitest";
import { chat } from "./chat.js";
import { serve } from "./serve.js";

/** What serve and chat check before the home is opened, and what serve prints once it listens. */
const listen = { host: "127.0.0.1", port: "0", maxBodyBytes: "1000", maxOpenHomes: "64" };

describe("serve", () => {
  it.each([
    [{ ...listen, port: "70000" }, /--port must be a whole number from 0 to 65535, not "70000"/],
    [{ ...listen, maxBodyBytes: "0" }, /--max-body-bytes must be a whole number from 1/],
    [
      { ...listen, host: "0.0.0.0" },
      /Refusing to serve the memory home on 0\.0\.0\.0 without a bearer token/,
    ],
    [{ ...listen, homes: "/srv/homes", token: "t" }, /--token \(or MNEMO_HTTP_TOKEN\) is for one home/],
    [{ ...listen, homes: "/srv/homes", home: "/srv/one" }, /--home and --homes: give one/],
    [{ ...listen, homes: "/srv/homes", maxOpenHomes: "0" }, /--max-open-homes must be a whole number from 1/],
  ])("refuses %o before the home is opened", async (options, message) => {
    await expect(serve.input([], options)).rejects.toThrow(message);
  });

  it("renders its endpoints, and says when a token is needed", async () => {
    const endpoints = {
      url: "http://127.0.0.1:7077",
      ui: "http://127.0.0.1:7077/ui/",
      api: "http://127.0.0.1:7077/v1",
      openapi: "http://127.0.0.1:7077/openapi.json",
      mcp: "http://127.0.0.1:7077/mcp",
      home: "/home/ada/.mnemo",
      token: "required" as const,
      mode: "home" as const,
    };
    const rendered = { locate: (path: string) => path, home: endpoints.home, now: new Date() };
    expect(serve.render(endpoints, rendered).split("\n")).toEqual([
      "Serving /home/ada/.mnemo on http://127.0.0.1:7077",
      "  Browser  http://127.0.0.1:7077/ui/",
      "  API      http://127.0.0.1:7077/v1",
      "  OpenAPI  http://127.0.0.1:7077/openapi.json",
      "  MCP      http://127.0.0.1:7077/mcp",
      "  Every request needs Authorization: Bearer <token>.",
    ]);
    const many = { ...endpoints, home: "/srv/homes", mode: "homes" as const };
    expect(serve.render(many, rendered).split("\n")).toEqual([
      "Serving the memory homes under /srv/homes on http://127.0.0.1:7077",
      "  Browser  http://127.0.0.1:7077/ui/",
      "  API      http://127.0.0.1:7077/v1",
      "  OpenAPI  http://127.0.0.1:7077/openapi.json",
      "  MCP      http://127.0.0.1:7077/mcp",
      "  Every request needs a token of `mnemo tokens`; Mnemo-Home picks one of its homes.",
    ]);
  });

  it("serves many homes without opening the home of --home", async () => {
    const input = await serve.input([], { ...listen, homes: "/srv/homes" });
    expect(input.homes).toBe("/srv/homes");
    expect(serve.withoutHome?.(input)).toBeTypeOf("function");
    expect(serve.withoutHome?.(await serve.input([], listen))).toBeUndefined();
  });
});

describe("chat", () => {
  it("refuses a base URL that is not a URL before the home is opened", () => {
    expect(() => chat.input([], { baseUrl: "not a url" })).toThrow(/--base-url must be a URL/);
  });
});
