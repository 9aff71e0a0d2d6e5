import { describe, expect, it } from "vitest";
import { serveTestHome } from "../../testing/test-http-server.js";

/** The writer of a request (Mnemo-Agent, Mnemo-Run headers) and the filters by it, through a real server on loopback. */
const json = { "content-type": "application/json" };

describe("Mnemo-Agent and Mnemo-Run over HTTP", () => {
  it("saves record the headers; list and search filter by agent and run", async () => {
    const { url } = await serveTestHome();
    const save = (headers: Record<string, string>, name: string, content: string) =>
      fetch(`${url}/v1/memories`, {
        method: "POST",
        headers: { ...json, ...headers },
        body: JSON.stringify({ type: "project", name, content, consolidate: false }),
      });
    expect(
      (
        await save(
          { "Mnemo-Agent": "alice-bot", "Mnemo-Run": "r1" },
          "Deploy day",
          "We deploy the garden app on Fridays.",
        )
      ).status,
    ).toBe(201);
    expect(
      (await save({ "Mnemo-Agent": "bob-bot" }, "Deploy tool", "The garden app deploys with fly.")).status,
    ).toBe(201);
    expect((await save({}, "Owner", "The garden app belongs to Ana.")).status).toBe(201);

    const read = (await (await fetch(`${url}/v1/memories/Deploy%20day`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ agent: "alice-bot", run: "r1" });
    const listed = async (query: string) =>
      (
        (await (await fetch(`${url}/v1/memories?${query}`)).json()) as { memories: Array<{ name: string }> }
      ).memories.map((entry) => entry.name);
    expect(await listed("agent=bob-bot")).toEqual(["Deploy tool"]);
    expect(await listed("run=r1")).toEqual(["Deploy day"]);
    const found = (await (await fetch(`${url}/v1/search?query=garden%20app&agent=alice-bot`)).json()) as {
      hits: Array<{ title: string }>;
    };
    expect(found.hits.map((hit) => hit.title)).toEqual(["Deploy day"]);
  });

  it("refuses a bad header with 400 naming it", async () => {
    const { url } = await serveTestHome();
    const answer = await fetch(`${url}/v1/memories`, {
      method: "POST",
      headers: { ...json, "Mnemo-Agent": "bad;name" },
      body: JSON.stringify({ type: "user", name: "X", content: "x" }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /^The Mnemo-Agent header/,
    );
  });
});
