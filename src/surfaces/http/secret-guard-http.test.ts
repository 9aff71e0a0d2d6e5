import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serveTestHome } from "../../testing/test-http-server.js";

/** The secret guard through a real HTTP server on loopback: 422 SECRET_DETECTED, or redaction on request. */
const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
async function send(url: string, method: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("credentials in HTTP bodies", () => {
  it("are refused with 422 SECRET_DETECTED on every write, and stored redacted with redactSecrets: true", async () => {
    const { url, home } = await serveTestHome();
    const text = `CI token ${GITHUB_TOKEN}`;
    const writes: Array<[string, string, Record<string, unknown>]> = [
      ["POST", "/v1/memories", { type: "reference", name: "CI", description: "CI access", content: text }],
      ["POST", "/v1/profile/user/sections/Accounts", { text }],
      ["POST", "/v1/journal", { category: "general", text }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await send(`${url}${path}`, method, body);
      expect(refused.status, path).toBe(422);
      expect(refused.json.error).toMatchObject({ code: "SECRET_DETECTED" });
      expect(JSON.stringify(refused.json)).not.toContain(GITHUB_TOKEN);
      const stored = await send(`${url}${path}`, method, { ...body, redactSecrets: true });
      expect(stored.status, path).toBeLessThan(300);
      expect(stored.json.redactedSecrets).toEqual(["github-token"]);
    }
    await send(`${url}/v1/profile/user/sections/Accounts`, "POST", { text: "placeholder" });
    const patch = { old_text: "placeholder", new_text: text };
    const refusedPatch = await send(`${url}/v1/profile/user/sections/Accounts`, "PATCH", patch);
    expect(refusedPatch.status).toBe(422);
    const patched = await send(`${url}/v1/profile/user/sections/Accounts`, "PATCH", {
      ...patch,
      redactSecrets: true,
    });
    expect(patched.status).toBe(200);
    expect(await readFile(join(home, "USER.md"), "utf8")).not.toContain(GITHUB_TOKEN);
    expect(await readFile(join(home, "MEMORY.md"), "utf8")).toContain("CI token [REDACTED:github-token]");
  });
});

describe("names in HTTP requests", () => {
  it("a session id or a memory name holding a key is refused with 422 SECRET_DETECTED, even with redactSecrets", async () => {
    const { url, home } = await serveTestHome();
    const writes: Array<[string, Record<string, unknown>]> = [
      [`/v1/conversations/${GITHUB_TOKEN}/messages`, { messages: [{ speaker: "user", text: "hello" }] }],
      [
        "/v1/memories",
        { type: "reference", name: `CI ${GITHUB_TOKEN}`, description: "d", content: "The CI token." },
      ],
    ];
    for (const [path, body] of writes) {
      const refused = await send(`${url}${path}`, "POST", { ...body, redactSecrets: true });
      expect(refused.status, path).toBe(422);
      expect(refused.json.error, path).toMatchObject({ code: "SECRET_DETECTED" });
      expect(JSON.stringify(refused.json), path).not.toContain(GITHUB_TOKEN);
    }
    expect((await readdir(home, { recursive: true })).filter((entry) => entry.endsWith(".md"))).toEqual([]);
  });
});
