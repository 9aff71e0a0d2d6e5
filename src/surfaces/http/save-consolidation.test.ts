import { describe, expect, it } from "vitest";
import { serveTestHome } from "../../testing/test-http-server.js";

/**
 * POST /v1/memories consolidates (issue 30, point 3), through a real server on loopback: 201 for a
 * memory added, 200 with `action` unchanged or updated, and the memories to check in
 * `possibleConflicts`; `consolidate: false` saves as given.
 */
const json = { "content-type": "application/json" };

async function save(url: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/v1/memories`, {
    method: "POST",
    headers: json,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /v1/memories", () => {
  it("answers what the save did", async () => {
    const { url } = await serveTestHome();
    const added = await save(url, { type: "user", name: "Home city", content: "Lives in Porto." });
    expect(added).toMatchObject({
      status: 201,
      body: { action: "added", decidedBy: "rules", possibleConflicts: [] },
    });

    const duplicate = await save(url, { type: "user", name: "Where I live", content: "lives in porto" });
    expect(duplicate).toMatchObject({
      status: 200,
      body: { action: "unchanged", name: "Home city", created: false, reason: expect.any(String) },
    });

    const moved = await save(url, { type: "user", name: "City", content: "Now lives in Lisbon." });
    expect(moved).toMatchObject({ status: 200, body: { action: "updated", name: "Home city" } });
    const read = (await (await fetch(`${url}/v1/memories/Home%20city`)).json()) as { content: string };
    expect(read.content).toBe("Now lives in Lisbon.");

    await save(url, { type: "user", name: "Editor", content: "Uses Neovim with the Lazy plugin manager." });
    const related = await save(url, {
      type: "user",
      name: "Editor at work",
      content: "Uses VS Code at work.",
    });
    expect(related).toMatchObject({
      status: 201,
      body: { action: "added", possibleConflicts: [{ name: "Editor", path: "memories/user_editor.md" }] },
    });

    const given = await save(url, {
      type: "user",
      name: "Town",
      content: "Lives in Lisbon.",
      consolidate: false,
    });
    expect(given).toMatchObject({ status: 201, body: { action: "added", decidedBy: "off", name: "Town" } });
  });

  it("refuses a consolidate that is not a boolean, naming the field", async () => {
    const { url } = await serveTestHome();
    const refused = await save(url, { type: "user", name: "A", content: "B", consolidate: "yes" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("consolidate");
  });
});
