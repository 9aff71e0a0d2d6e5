import { mkdir, readdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { openMemory } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { openTestMemoryForOneTest, serveTestHome } from "../../testing/test-http-server.js";
import { startHttpServer } from "./start-http-server.js";

/** Everything the server refuses, and with which status and code: a real server, real requests. */
async function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, headers: response.headers, error: json.error, json };
}

/** node:http, for what fetch will not send: a raw path, a foreign Host or Origin header. */
function rawRequest(url: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; json: { error?: { code: string } } }>((resolve, reject) => {
    const req = request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
      );
    });
    req.on("error", reject).end();
  });
}

describe("bearer token", () => {
  const token = "s3cret-token-0123456789";

  it("answers 401 without the token or with a wrong one, on every path, and serves the right one", async () => {
    const { url } = await serveTestHome({ server: { token } });
    for (const path of ["/v1/memories", "/openapi.json", "/mcp", "/nowhere"]) {
      const missing = await send(`${url}${path}`, "GET");
      expect(missing.status).toBe(401);
      expect(missing.error.code).toBe("UNAUTHORIZED");
      expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="mnemo"');
    }
    for (const authorization of [
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token.toUpperCase()}`,
      `Bearer S${token.slice(1)}`,
      `Basic ${token}`,
      "Bearer",
    ])
      expect((await send(`${url}/v1/memories`, "GET", undefined, { authorization })).status).toBe(401);
    const right = await send(`${url}/v1/memories`, "GET", undefined, { authorization: `Bearer ${token}` });
    expect(right.status).toBe(200);
    const lowerCase = await send(`${url}/v1/memories`, "GET", undefined, {
      authorization: `bearer ${token}`,
    });
    expect(lowerCase.status).toBe(200);
  });

  it("is required to listen on anything but loopback", async () => {
    const { memory } = await openTestMemoryForOneTest();
    for (const host of ["0.0.0.0", "::", "192.168.1.10"]) {
      const refused = startHttpServer({ memory, host, port: 0 });
      await expect(refused).rejects.toMatchObject({ code: "INVALID_INPUT" });
      await expect(refused).rejects.toThrow(/--token.*MNEMO_HTTP_TOKEN/);
    }
    const withToken = await startHttpServer({ memory, host: "0.0.0.0", port: 0, token });
    expect(withToken.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    await withToken.close();
  });

  it("refuses a token that cannot travel in a header", async () => {
    const { memory } = await openTestMemoryForOneTest();
    await expect(startHttpServer({ memory, port: 0, token: "has space" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});

describe("without a token (loopback only)", () => {
  it("refuses a foreign Host (DNS rebinding) and a foreign web page's Origin with 403", async () => {
    const { url } = await serveTestHome();
    const port = new URL(url).port;
    expect((await rawRequest(url, "/v1/memories", { host: `evil.example:${port}` })).status).toBe(403);
    expect((await rawRequest(url, "/v1/memories", { origin: "https://evil.example" })).status).toBe(403);
    expect((await rawRequest(url, "/v1/memories", { host: `localhost:${port}` })).status).toBe(200);
    expect((await rawRequest(url, "/v1/memories", { origin: "http://127.0.0.1:3000" })).status).toBe(200);
  });
});

describe("bad input", () => {
  it("answers 400 to a body that is not JSON, missing or unknown fields, and bad parameters", async () => {
    const { url } = await serveTestHome();
    const cases: Array<[string, string, unknown, RegExp]> = [
      ["POST", "/v1/memories", "{not json", /not valid JSON/],
      ["POST", "/v1/memories", "[1, 2]", /request body/],
      ["POST", "/v1/memories", { name: "A" }, /"type".*"content"|"content".*"type"/s],
      [
        "POST",
        "/v1/memories",
        { type: "feedback", name: "A", description: "", content: "x", extra: 1 },
        /"extra"/,
      ],
      ["POST", "/v1/memories", { type: "opinion", name: "A", description: "", content: "x" }, /"type"/],
      ["POST", "/v1/journal", { category: "nonsense", text: "x" }, /Unknown journal category/],
      ["POST", "/v1/profile/user/sections/Name", { text: "" }, /"text"/],
      ["PATCH", "/v1/profile/user/sections/Name", { old_text: "a" }, /"new_text"/],
      ["GET", "/v1/search", undefined, /"query"/],
      ["GET", "/v1/search?query=x&limit=abc", undefined, /"limit"/],
      ["GET", "/v1/search?query=x&limit=0", undefined, /"limit"/],
      ["GET", "/v1/search?query=x&type=opinion", undefined, /"type"/],
      ["GET", "/v1/memories?sort=name", undefined, /unknown field "sort"/],
      ["GET", "/v1/memories/%E0%A4%A", undefined, /percent-encoding/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await send(`${url}${path}`, method, body);
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.error.code).toBe("INVALID_INPUT");
      expect(answer.error.message).toMatch(message);
    }
  });

  it("answers a path that starts with // as a path, not as another host (it was a 500)", async () => {
    const { url } = await serveTestHome();
    const answer = await rawRequest(url, "//Deploy%20steps");
    expect(answer.status).toBe(404);
    expect(answer.json.error?.code).toBe("NOT_FOUND");
  });

  it("answers 415 to a body that is not sent as JSON", async () => {
    const { url } = await serveTestHome();
    const answer = await send(`${url}/v1/journal`, "POST", '{"category":"general","text":"x"}', {
      "content-type": "text/plain",
    });
    expect(answer.status).toBe(415);
    expect(answer.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses names that would leave the memory home, and writes nothing outside it", async () => {
    const parent = await makeTempDir("mnemo-http-parent-");
    const home = join(parent, "home");
    const memory = await openMemory({ home, env: {}, config: { search: { embedder: "none" } } });
    onTestFinished(() => memory.close());
    const server = await startHttpServer({ memory, port: 0 });
    const url = server.url;
    try {
      const traversals: Array<[string, string, unknown?]> = [
        ["GET", "/v1/memories/..%2F..%2Fetc%2Fpasswd"],
        ["GET", "/v1/memories/memories%2F..%2FSOUL.md"],
        ["DELETE", "/v1/memories/..%2FMEMORY.md"],
        ["GET", "/v1/profile/..%2F..%2Fetc%2Fpasswd"],
        ["POST", "/v1/profile/..%2Fescape/sections/A", { text: "x" }],
        ["GET", "/v1/journal/..%2F..%2Fetc%2Fpasswd"],
        ["GET", "/v1/journal/..%5Cescape"],
        ["POST", "/v1/memories", { type: "user", name: "../escape", description: "", content: "x" }],
        ["POST", "/v1/memories", { type: "user", name: "a/../../escape", description: "", content: "x" }],
        ["POST", "/v1/memories", { type: "user", name: "..\\escape", description: "", content: "x" }],
        ["POST", "/v1/journal", { category: "../escape", text: "x" }],
      ];
      for (const [method, path, body] of traversals) {
        const answer = await send(`${url}${path}`, method, body);
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.error.code).toBe("INVALID_INPUT");
      }
      // Unencoded dot segments are resolved before routing: they reach no endpoint at all.
      expect((await rawRequest(url, "/v1/memories/../../../etc/passwd")).status).toBe(404);
      expect(await readdir(parent)).toEqual(["home"]);
      expect((await readdir(home)).filter((name) => name.includes("escape"))).toEqual([]);
      expect((await memory.memories.list()).memories).toEqual([]);
    } finally {
      await server.close();
      await removeDir(parent);
    }
  });
});

describe("sizes", () => {
  it("answers 413 to a body over the limit, declared or streamed, and accepts one under it", async () => {
    const { url } = await serveTestHome({ server: { maxBodyBytes: 1000 } });
    const big = { type: "user", name: "Big", description: "", content: "x".repeat(2000) };
    const declared = await send(`${url}/v1/memories`, "POST", big);
    expect(declared.status).toBe(413);
    expect(declared.error.code).toBe("TOO_LARGE");

    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 100) controller.enqueue(bytes.slice(at, at + 100));
        controller.close();
      },
    });
    const streamed = await fetch(`${url}/v1/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);

    const small = await send(`${url}/v1/memories`, "POST", { ...big, content: "x".repeat(100) });
    expect(small.status).toBe(201);
  });

  it("answers 413 TOO_LARGE to text over the engine's own limit", async () => {
    const { url } = await serveTestHome();
    const answer = await send(`${url}/v1/memories`, "POST", {
      type: "user",
      name: "Huge",
      description: "",
      content: "x".repeat(30_000),
    });
    expect(answer.status).toBe(413);
    expect(answer.error.code).toBe("TOO_LARGE");
  });
});

describe("routes and methods", () => {
  it("answers 404 to an unknown path and 405 with Allow to a wrong method", async () => {
    const { url } = await serveTestHome();
    for (const path of ["/nowhere", "/v1", "/v1/memories/a/b", "/v2/memories", "/mcp"]) {
      const answer = await send(`${url}${path}`, "GET");
      expect(answer.status, path).toBe(404);
      expect(answer.error.code).toBe("NOT_FOUND");
    }
    const wrong: Array<[string, string, string]> = [
      ["PUT", "/v1/memories", "GET, POST"],
      ["PATCH", "/v1/memories/A", "GET, DELETE"],
      ["DELETE", "/v1/search", "GET"],
      ["POST", "/openapi.json", "GET"],
      ["OPTIONS", "/v1/context", "GET"],
    ];
    for (const [method, path, allow] of wrong) {
      const answer = await send(`${url}${path}`, method);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.error.code).toBe("METHOD_NOT_ALLOWED");
      expect(answer.headers.get("allow")).toBe(allow);
    }
  });
});

describe("engine errors", () => {
  it("answers 409 for a memory file that does not parse", async () => {
    const { url, home } = await serveTestHome();
    await mkdir(join(home, "memories"), { recursive: true });
    await writeFile(
      join(home, "memories", "user_broken.md"),
      "---\nname: Broken\ntype: opinion\n---\n\nText.\n",
    );
    const answer = await send(`${url}/v1/memories/Broken`, "GET");
    expect(answer.status).toBe(409);
    expect(answer.error.code).toBe("MALFORMED_FILE");
  });

  it("answers 503 DISABLED when memory is turned off", async () => {
    const { url } = await serveTestHome({ config: { enabled: false } });
    const answer = await send(`${url}/v1/memories`, "GET");
    expect(answer.status).toBe(503);
    expect(answer.error.code).toBe("DISABLED");
  });
});
