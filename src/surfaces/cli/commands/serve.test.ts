import { describe, expect, it } from "vitest";
import { chat } from "./chat.js";
import { serve } from "./serve.js";

/** What serve and chat check before the home is opened, and what serve prints once it listens. */
const listen = { host: "127.0.0.1", port: "0", maxBodyBytes: "1000" };

describe("serve", () => {
  it.each([
    [{ ...listen, port: "70000" }, /--port must be a whole number from 0 to 65535, not "70000"/],
    [{ ...listen, maxBodyBytes: "0" }, /--max-body-bytes must be a whole number from 1/],
    [
      { ...listen, host: "0.0.0.0" },
      /Refusing to serve the memory home on 0\.0\.0\.0 without a bearer token/,
    ],
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
  });
});

describe("chat", () => {
  it("refuses a base URL that is not a URL before the home is opened", () => {
    expect(() => chat.input([], { baseUrl: "not a url" })).toThrow(/--base-url must be a URL/);
  });
});
