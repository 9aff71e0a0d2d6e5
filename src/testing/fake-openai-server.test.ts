import { afterEach, describe, expect, test } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server.js";

let server: FakeOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server?.baseURL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

describe("startFakeOpenAiServer", () => {
  test("answers with the scripted replies in order, records each request, then says the script ran out", async () => {
    server = await startFakeOpenAiServer({ reply: [{ content: "Miso" }, { status: 429 }] });
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const first = await post("/chat/completions", { model: "m", messages: [] });
    expect(await first.json()).toMatchObject({ choices: [{ message: { content: "Miso" } }] });
    expect((await post("/chat/completions", { model: "m" })).status).toBe(429);
    const ranOut = await post("/chat/completions", { model: "m" });
    expect(ranOut.status).toBe(500);
    expect(ranOut.headers.get("x-should-retry")).toBe("false");
    expect(await ranOut.text()).toContain("script of 2 replies ran out at request 3");
    expect(server.requests.map((request) => request.body)).toEqual([
      { model: "m", messages: [] },
      { model: "m" },
      { model: "m" },
    ]);
  });

  test("a function chooses each reply from the request and its index", async () => {
    server = await startFakeOpenAiServer({
      reply: (request, index) => ({ content: `${String(request.body.model)} #${index}` }),
    });
    const answer = await (await post("/chat/completions", { model: "m" })).json();
    expect(answer).toMatchObject({ choices: [{ message: { content: "m #0" } }] });
  });

  test("streams SSE chunks ending in [DONE] when asked to", async () => {
    server = await startFakeOpenAiServer({ reply: [{ content: "abcdef", chunkSize: 2 }] });
    const response = await post("/chat/completions", { model: "m", stream: true });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text()).split("\n\n").filter((event) => event !== "");
    expect(events.at(-1)).toBe("data: [DONE]");
    const texts = events
      .slice(0, -1)
      .map((event) => JSON.parse(event.slice("data: ".length)).choices[0]?.delta?.content ?? "");
    expect(texts).toEqual(["", "ab", "cd", "ef", ""]);
  });

  test("other paths are a 404 and are not recorded", async () => {
    server = await startFakeOpenAiServer({ reply: [] });
    const response = await post("/embeddings", { input: ["x"] });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("only serves POST /v1/chat/completions");
    expect(server.requests).toEqual([]);
  });

  test("close() cuts a stalled stream at once", async () => {
    server = await startFakeOpenAiServer({ reply: [{ content: "abc", stallAfterChunks: 1 }] });
    const response = await post("/chat/completions", { model: "m", stream: true });
    const reading = response.text().then(
      () => "ended",
      () => "cut",
    );
    const started = Date.now();
    await server.close();
    server = undefined;
    expect(await reading).toBe("cut");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
