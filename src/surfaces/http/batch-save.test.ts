import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serveTestHome } from "../../testing/test-http-server.js";
import { MAX_BATCH_MEMORIES } from "./routes/memories-routes.js";

/**
 * POST /v1/memories/batch through a real HTTP server on loopback, into a file home: the memories
 * land as files with one index line each, in one answer; a bad item is named by its place and
 * nothing of the batch is written.
 */
const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
async function postBatch(url: string, memories: unknown[], options: { consolidate?: boolean } = {}) {
  const response = await fetch(`${url}/v1/memories/batch`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ memories, ...options }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function memoryNumbered(serial: number, content = `Fact number ${serial}.`) {
  return { type: "project", name: `Fact ${serial}`, description: `Fact ${serial}`, content };
}

async function memoryFiles(home: string): Promise<string[]> {
  return (await readdir(join(home, "memories")).catch(() => [])).sort();
}

describe("POST /v1/memories/batch", () => {
  it("consolidates each memory with the home and the batch's earlier ones, unless told not to", async () => {
    const { url, home } = await serveTestHome();
    const city = { type: "user", name: "Home city", content: "Lives in Porto." };
    expect((await postBatch(url, [city])).status).toBe(200);
    const answer = await postBatch(url, [
      { type: "user", name: "Where I live", content: "Lives in Porto." },
      { type: "project", name: "Standup", content: "The team standup is at 9:30 on Mondays." },
      { type: "project", name: "Daily standup", content: "The team standup is at 10:00 on Mondays." },
      {
        type: "project",
        name: "Standup again",
        content: "The team standup is at 10:00 on Mondays.",
        consolidate: false,
      },
    ]);
    expect(answer.status).toBe(200);
    const saved = answer.json.saved as Array<{ action: string; name: string; decidedBy: string }>;
    expect(saved.map(({ action, name, decidedBy }) => [action, name, decidedBy])).toEqual([
      ["unchanged", "Home city", "rules"],
      ["added", "Standup", "rules"],
      ["updated", "Standup", "rules"],
      ["added", "Standup again", "off"],
    ]);
    expect(await memoryFiles(home)).toEqual([
      "project_standup-again.md",
      "project_standup.md",
      "user_home-city.md",
    ]);
    const plain = await postBatch(url, [{ type: "user", name: "Where I live", content: "Lives in Porto." }], {
      consolidate: false,
    });
    expect((plain.json.saved as Array<{ action: string }>)[0]).toMatchObject({
      action: "added",
      decidedBy: "off",
    });
  });

  it("saves every memory as its file with one index line, in the order sent, a repeated name updating the earlier one", async () => {
    const { url, home } = await serveTestHome();
    const memories = [...Array.from({ length: 30 }, (_, serial) => memoryNumbered(serial))];
    memories.push(memoryNumbered(3, "Fact three, corrected."));
    const answer = await postBatch(url, memories);
    expect(answer.status).toBe(200);
    const saved = answer.json.saved as Array<{ name: string; created: boolean; path: string }>;
    expect(saved.map((each) => each.name)).toEqual(memories.map((each) => each.name));
    expect(saved.filter((each) => !each.created).map((each) => each.name)).toEqual(["Fact 3"]);
    expect(await memoryFiles(home)).toHaveLength(30);
    const index = await readFile(join(home, "MEMORY.md"), "utf8");
    expect(index.match(/\(memories\/project_fact-3\.md\)/g)).toHaveLength(1);
    const read = await fetch(`${url}/v1/memories/${encodeURIComponent("Fact 3")}`);
    expect(((await read.json()) as { content: string }).content).toBe("Fact three, corrected.");
  });

  it("refuses a batch with a bad field or a credential, naming the item, and writes nothing", async () => {
    const { url, home } = await serveTestHome();
    const badField = await postBatch(url, [memoryNumbered(0), { ...memoryNumbered(1), content: "" }]);
    expect(badField.status).toBe(400);
    expect(JSON.stringify(badField.json)).toContain("memories.1.content");
    const secret = await postBatch(url, [memoryNumbered(0), memoryNumbered(1, `token ${GITHUB_TOKEN}`)]);
    expect(secret.status).toBe(422);
    expect(secret.json.error).toMatchObject({ code: "SECRET_DETECTED" });
    expect((secret.json.error as { message: string }).message).toContain("Memory 2 of 2");
    expect(JSON.stringify(secret.json)).not.toContain(GITHUB_TOKEN);
    expect(await memoryFiles(home)).toEqual([]);
    const redacted = await postBatch(url, [
      { ...memoryNumbered(1, `token ${GITHUB_TOKEN}`), redactSecrets: true },
    ]);
    expect(redacted.status).toBe(200);
    expect(await readFile(join(home, "memories", "project_fact-1.md"), "utf8")).not.toContain(GITHUB_TOKEN);
  });

  it(`takes 1 to ${MAX_BATCH_MEMORIES} memories`, async () => {
    const { url } = await serveTestHome();
    expect((await postBatch(url, [])).status).toBe(400);
    const tooMany = Array.from({ length: MAX_BATCH_MEMORIES + 1 }, (_, serial) => ({
      type: "user",
      name: `N${serial}`,
      description: "d",
      content: "c",
    }));
    expect((await postBatch(url, tooMany)).status).toBe(400);
  });

  it("leaves GET /v1/memories/batch to a memory called batch", async () => {
    const { url } = await serveTestHome();
    expect((await postBatch(url, [{ ...memoryNumbered(0), name: "batch" }])).status).toBe(200);
    const read = await fetch(`${url}/v1/memories/batch`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe("batch");
  });
});
