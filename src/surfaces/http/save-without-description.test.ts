import { describe, expect, it } from "vitest";
import { serveTestHome } from "../../testing/test-http-server.js";

/**
 * A typed memory's description is optional over HTTP as in the CLI, the library and the memory
 * tools: left out, it is the content's first line. Through a real server on loopback.
 */
const json = { "content-type": "application/json" };

describe("POST /v1/memories without a description", () => {
  it("saves the memory, described by its first line", async () => {
    const { url } = await serveTestHome();
    const saved = await fetch(`${url}/v1/memories`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        type: "user",
        name: "Night owl",
        content: "Works best after ten.\nSleeps late.",
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const read = (await (await fetch(`${url}/v1/memories/Night%20owl`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ name: "Night owl", description: "Works best after ten." });
  });

  it("in a batch too", async () => {
    const { url } = await serveTestHome();
    const saved = await fetch(`${url}/v1/memories/batch`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        memories: [
          { type: "project", name: "Ships Friday", content: "We ship on Friday." },
          {
            type: "project",
            name: "Freeze",
            description: "Merge freeze",
            content: "No merges after Thursday.",
          },
        ],
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const listed = (await (await fetch(`${url}/v1/memories`)).json()) as {
      memories: Array<{ name: string; description: string }>;
    };
    expect(listed.memories.map(({ name, description }) => [name, description]).sort()).toEqual([
      ["Freeze", "Merge freeze"],
      ["Ships Friday", "We ship on Friday."],
    ]);
  });
});
