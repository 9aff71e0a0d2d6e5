import { symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { AgentSession } from "../../session/agent/agent-session.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { serveTestHome } from "../../testing/test-http-server.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * Every endpoint through a real server on loopback and real fetch. Each answer is checked against
 * the schema the server's own /openapi.json documents for its status, and the last test checks
 * that every documented operation was answered with a documented success here.
 */
type Operation = { responses: Record<string, { content: { "application/json": { schema: unknown } } }> };
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { Error: unknown } };
};

let document: OpenApi;
const answered = new Set<string>();
let memory: MemoryHome;
let home: string;
let server: RunningHttpServer;

beforeAll(async () => {
  const started = await openTestMemory({ config: { search: { embedder: "none" } } });
  const probe = await startHttpServer({ memory: started.memory, port: 0 });
  document = (await (await fetch(`${probe.url}/openapi.json`)).json()) as OpenApi;
  await probe.close();
  await started.memory.close();
  await removeDir(started.home);
});
beforeEach(async () => {
  ({ memory, home, server } = await serveTestHome());
});

/** One request; the answer must fit the documented schema of its operation and status. */
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  const pathname = new URL(path, server.url).pathname;
  // A literal path ("/v1/memories/batch") before one with parameters, as the router takes them.
  const template =
    Object.keys(document.paths).find(
      (each) => each === pathname && document.paths[each]?.[method.toLowerCase()],
    ) ?? Object.keys(document.paths).find((each) => fitsTemplate(each, pathname));
  const operation = template === undefined ? undefined : document.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${pathname} is documented`).toBeDefined();
  const documented = operation?.responses[String(response.status)];
  expect(documented, `${method} ${template} documents status ${response.status}`).toBeDefined();
  const schema = response.ok
    ? documented?.content["application/json"].schema
    : document.components.schemas.Error;
  const fits = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(json);
  expect(fits.error, `${method} ${template} ${response.status} fits its schema`).toBeUndefined();
  if (response.ok) answered.add(`${method} ${template}`);
  return { status: response.status, headers: response.headers, json };
}

/** Whether a concrete path falls under a documented template ("/v1/memories/{name}"): a {param} is one segment. */
function fitsTemplate(template: string, pathname: string): boolean {
  const expected = template.split("/");
  const actual = pathname.split("/");
  return (
    expected.length === actual.length &&
    expected.every((part, index) => (/^\{\w+\}$/.test(part) ? actual[index] !== "" : part === actual[index]))
  );
}

const save = (name: string, content: string, type = "feedback") =>
  call("POST", "/v1/memories", { type, name, description: `About ${name}`, content });

describe("memories", () => {
  it("saves a batch in one request, each as a save would, and a memory called batch is still read by its name", async () => {
    const memories = ["Prefers tabs", "batch", "Prefers tabs"].map((name, serial) => ({
      type: "feedback",
      name,
      description: `About ${name}`,
      content: `Version ${serial}.`,
    }));
    const batch = await call("POST", "/v1/memories/batch", { memories });
    expect(batch.status).toBe(200);
    expect((batch.json.saved as Array<{ created: boolean }>).map((each) => each.created)).toEqual([
      true,
      true,
      false,
    ]);
    const read = await call("GET", "/v1/memories/batch");
    expect(read.json).toMatchObject({ name: "batch", content: "Version 1." });
    expect((await call("GET", "/v1/memories/Prefers%20tabs")).json).toMatchObject({ content: "Version 2." });
  });

  it("saves (201, then 200 on update), lists, filters by type, reads and deletes", async () => {
    const created = await save("Prefers tabs", "Indent with tabs.");
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/v1/memories/Prefers%20tabs");
    expect(created.json).toMatchObject({ path: "memories/feedback_prefers-tabs.md", created: true });
    const updated = await save("Prefers tabs", "Indent with tabs, width 4.");
    expect(updated).toMatchObject({ status: 200, json: { created: false } });
    await save("Lives in Lisbon", "The user lives in Lisbon.", "user");

    const all = await call("GET", "/v1/memories");
    expect((all.json.memories as Array<{ name: string }>).map((each) => each.name).sort()).toEqual([
      "Lives in Lisbon",
      "Prefers tabs",
    ]);
    const users = await call("GET", "/v1/memories?type=user");
    expect((users.json.memories as Array<{ name: string }>).map((each) => each.name)).toEqual([
      "Lives in Lisbon",
    ]);

    const one = await call("GET", "/v1/memories/Prefers%20tabs");
    expect(one.json).toMatchObject({
      name: "Prefers tabs",
      type: "feedback",
      content: "Indent with tabs, width 4.",
    });

    const deleted = await call("DELETE", "/v1/memories/Prefers%20tabs");
    expect(deleted.json).toMatchObject({ path: "memories/feedback_prefers-tabs.md" });
    expect((await call("GET", "/v1/memories/Prefers%20tabs")).status).toBe(404);
    expect((await call("DELETE", "/v1/memories/Prefers%20tabs")).status).toBe(404);
  });

  it("keeps names whose file names would collide apart, and lists past a symbolic link", async () => {
    await save("C++ style", "Use RAII.");
    expect((await save("C# style", "Use LINQ.")).status).toBe(201);
    expect((await call("GET", `/v1/memories/${encodeURIComponent("C++ style")}`)).json.content).toBe(
      "Use RAII.",
    );
    expect((await call("GET", `/v1/memories/${encodeURIComponent("C# style")}`)).json.content).toBe(
      "Use LINQ.",
    );
    await symlink(join(home, "MEMORY.md"), join(home, "memories/user_link.md"));
    const all = await call("GET", "/v1/memories");
    expect(all.status).toBe(200);
    expect((all.json.memories as Array<{ name: string }>).map((each) => each.name).sort()).toEqual([
      "C# style",
      "C++ style",
    ]);
  });
});

describe("memories: pages and staleness", () => {
  it("lists a page past the 200 newest with the total; a memory older than a day carries its staleness note", async () => {
    await writeFactMemories(home, 205, new Date());
    const page = await call("GET", "/v1/memories?offset=200&limit=10");
    expect(page.json).toMatchObject({ total: 205, offset: 200, truncated: false });
    const listed = page.json.memories as Array<{ name: string; ageDays: number; staleness?: string }>;
    expect(listed.map((each) => each.name)).toEqual([
      "Fact 004",
      "Fact 003",
      "Fact 002",
      "Fact 001",
      "Fact 000",
    ]);
    // Fact 000 was updated 205 hours ago: 8 days.
    expect(listed[4]).toMatchObject({
      ageDays: 8,
      staleness: expect.stringMatching(/^This memory was saved 8 days ago\./),
    });
    const one = await call("GET", "/v1/memories/Fact%20000");
    expect(one.json).toMatchObject({ ageDays: 8, staleness: listed[4]?.staleness, content: "The fact 0." });
    const fresh = await call("GET", "/v1/memories/Fact%20204");
    expect(fresh.json).toMatchObject({ ageDays: 0 });
    expect(fresh.json).not.toHaveProperty("staleness");
    expect((await call("GET", "/v1/memories?limit=0")).status).toBe(400);
  });
});

describe("profile sections", () => {
  it("adds, replaces, reads a section and the whole file, and removes the section", async () => {
    const added = await call("POST", "/v1/profile/user/sections/Name", { text: "The user is Grace." });
    expect(added.json).toMatchObject({ file: "user", path: "USER.md", section: "Name", action: "added" });
    const replaced = await call("PATCH", "/v1/profile/user/sections/Name", {
      old_text: "Grace",
      new_text: "Grace Hopper",
    });
    expect(replaced.json).toMatchObject({ action: "replaced" });

    const section = await call("GET", "/v1/profile/user/sections/Name");
    expect(section.json).toMatchObject({
      section: "Name",
      text: "The user is Grace Hopper.",
      sections: ["Name"],
    });
    const file = await call("GET", "/v1/profile/user");
    expect(file.json.text).toContain("## Name\nThe user is Grace Hopper.");

    const removed = await call("DELETE", "/v1/profile/user/sections/Name");
    expect(removed.json).toMatchObject({ action: "removed" });
    expect((await call("GET", "/v1/profile/user/sections/Name")).status).toBe(404);
    expect((await memory.profile.read("user")).sections).toEqual([]);
  });

  it("writes today's daily log and the agent's notes", async () => {
    await call("POST", "/v1/profile/daily/sections/Sessions", { text: "Fixed the deploy." });
    await call("POST", "/v1/profile/memory/sections/Notes", { text: "Deploys on Fridays are risky." });
    expect((await call("GET", "/v1/profile/daily")).json.text).toContain("Fixed the deploy.");
    expect((await memory.profile.read("memory", "Notes")).text).toContain("Fridays");
  });

  it("answers 404 when the text to replace is not in the section", async () => {
    await call("POST", "/v1/profile/soul/sections/Style", { text: "Brief." });
    const missing = await call("PATCH", "/v1/profile/soul/sections/Style", {
      old_text: "Verbose",
      new_text: "x",
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});

describe("journal", () => {
  it("adds entries by category, lists topics and reads a topic by name or category", async () => {
    const added = await call("POST", "/v1/journal", { category: "user_pref", text: "Answers in French." });
    expect(added).toMatchObject({ status: 201, json: { path: "topics/user_prefs.md" } });
    await call("POST", "/v1/journal", { category: "error_solution", text: "EACCES: chmod 600 the key." });

    const listed = await call("GET", "/v1/journal");
    expect(listed.json.topics).toContain("user_prefs");
    expect(listed.json.categories).toMatchObject({ user_pref: "user_prefs", error_solution: "MEMORY" });

    for (const name of ["user_prefs", "user_pref"]) {
      const read = await call("GET", `/v1/journal/${name}`);
      expect(read.json).toMatchObject({
        topic: "user_prefs",
        entries: [{ category: "user_pref", content: "Answers in French." }],
      });
    }
    const core = await call("GET", "/v1/journal/MEMORY");
    expect(core.json.entries).toEqual([expect.objectContaining({ content: "EACCES: chmod 600 the key." })]);
    expect((await call("GET", "/v1/journal/no_such_topic")).status).toBe(404);
  });
});

describe("conversations", () => {
  it("records messages, reads them back in order, and search finds one with the turns around it", async () => {
    const added = await call("POST", "/v1/conversations/trip/messages", {
      messages: [
        { speaker: "user", text: "Where should we go in May?", at: "2026-05-03T10:01:00" },
        { speaker: "assistant", text: "Lisbon is lovely then.", at: "2026-05-03T10:02:00" },
      ],
    });
    expect(added).toMatchObject({
      status: 201,
      json: { path: "conversations/trip.md", added: [{ turn: 1 }, { turn: 2 }] },
    });
    const read = await call("GET", "/v1/conversations/trip");
    expect(read.json.turns).toMatchObject([
      { turn: 1, speaker: "user" },
      { turn: 2, speaker: "assistant" },
    ]);
    expect((await call("GET", "/v1/conversations/nothing-yet")).json.turns).toEqual([]);
    const found = await call("GET", "/v1/search?query=lisbon&kind=message");
    expect(found.json.hits).toMatchObject([
      { kind: "message", conversation: { session: "trip", turn: 2, before: [{ turn: 1 }], after: [] } },
    ]);
    expect((await call("GET", "/v1/conversations/..%2Fetc")).status).toBe(400);
  });
});

describe("search and context", () => {
  it("searches with a limit and a type filter", async () => {
    await save("Prefers tabs", "Indent with tabs in every project.");
    await save("Owns a cat", "The user has a cat named Tabby who likes tabs of paper.", "user");
    const hits = async (query: string) =>
      (await call("GET", `/v1/search?${query}`)).json.hits as Array<{ type: string }>;
    expect((await hits("query=tabs")).length).toBe(2);
    expect(await hits("query=tabs&limit=1")).toHaveLength(1);
    expect((await hits("query=tabs&type=user")).map((hit) => hit.type)).toEqual(["user"]);
    const result = await call("GET", "/v1/search?query=tabs");
    expect(result.json).toMatchObject({ query: "tabs", mode: "bm25" });
  });

  it("gives the session context, with the base prompt last", async () => {
    await call("POST", "/v1/profile/user/sections/Name", { text: "The user is Grace." });
    const context = (await call("GET", `/v1/context?basePrompt=${encodeURIComponent("You are helpful.")}`))
      .json.context as string;
    expect(context).toContain("<user-profile>");
    expect(context).toContain("The user is Grace.");
    expect(context.trimEnd().endsWith("You are helpful.")).toBe(true);
    expect(context).toBe(await memory.buildContext({ basePrompt: "You are helpful." }));
  });
});

describe("archive, sessions, status and daily logs", () => {
  it("lists a deleted memory in the archive and restores it; a second restore is 404", async () => {
    await save("Prefers tabs", "Indent with tabs.");
    await call("DELETE", "/v1/memories/Prefers%20tabs");
    const listed = await call("GET", "/v1/archive");
    const [item] = listed.json.items as Array<{ path: string; id: string }>;
    expect(listed.json).toMatchObject({ total: 1, truncated: false });
    expect(item).toMatchObject({ path: "archive/memories/feedback_prefers-tabs.md", restorable: true });
    const restored = await call("POST", "/v1/archive/restore", { path: item?.path, id: item?.id });
    expect(restored.json).toEqual({
      path: "memories/feedback_prefers-tabs.md",
      kind: "memory",
      names: ["Prefers tabs"],
      archived: [],
    });
    expect((await call("GET", "/v1/memories/Prefers%20tabs")).json.content).toBe("Indent with tabs.");
    expect((await call("POST", "/v1/archive/restore", { path: item?.path, id: item?.id })).status).toBe(404);
    expect((await call("GET", "/v1/archive?limit=0")).status).toBe(400);
  });

  it("restores a removed section with its usage; text that cannot be restored is 400 with the reason", async () => {
    await call("POST", "/v1/profile/user/sections/Pets", { text: "A cat." });
    await call("DELETE", "/v1/profile/user/sections/Pets");
    const [item] = (await call("GET", "/v1/archive")).json.items as Array<{ path: string; id: string }>;
    const restored = await call("POST", "/v1/archive/restore", { path: item?.path, id: item?.id });
    expect(restored.json).toMatchObject({ kind: "sections", names: ["Pets"], usage: { budget: 1400 } });
    await memory.journal.add("user_pref", "French.");
    await writeFile(
      join(home, "archive", "notes.md"),
      "<!-- mnemo archived from notes.md at 2026-01-01 10:00: by hand -->\n## A\nb\n",
    );
    const notes = ((await call("GET", "/v1/archive")).json.items as Array<{ path: string; id: string }>).find(
      (each) => each.path === "archive/notes.md",
    );
    const refused = await call("POST", "/v1/archive/restore", { path: notes?.path, id: notes?.id });
    expect(refused).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringMatching(/notes\.md/) } },
    });
  });

  it("lists recorded sessions and reads one: the frozen block and the writes", async () => {
    const model = new ScriptedChatModel({
      replies: [
        (request) =>
          request.responseFormat !== undefined
            ? JSON.stringify({ memories: [], entries: [], summary: "" })
            : request.messages.at(-1)?.role === "tool"
              ? "Done."
              : {
                  content: "",
                  toolCalls: [
                    {
                      id: "1",
                      name: "memory_save",
                      arguments: '{"type":"user","name":"Pet","description":"A cat","content":"A cat."}',
                    },
                  ],
                  finishReason: "tool_calls",
                },
      ],
    });
    const session = await AgentSession.start({ memory, model });
    await session.send("I have a cat.");
    await session.end();
    const listed = await call("GET", "/v1/sessions");
    expect(listed.json.sessions).toEqual([
      expect.objectContaining({ sessionId: session.sessionId, source: "agent", turns: 1, writes: 1 }),
    ]);
    const one = await call("GET", `/v1/sessions/${session.sessionId}`);
    expect(one.json).toMatchObject({
      frozen: { text: session.systemPrompt },
      writes: [{ tool: "memory_save" }],
    });
    expect((await call("GET", "/v1/sessions/no-such-session")).status).toBe(404);
    expect((await call("GET", "/v1/sessions/a..b")).status).toBe(400);
  });

  it("gives the status and the daily logs", async () => {
    await call("POST", "/v1/profile/daily/sections/Notes", { text: "Fixed the deploy." });
    await save("Prefers tabs", "Indent with tabs.");
    const status = await call("GET", "/v1/status");
    expect(status.json).toMatchObject({
      home,
      memories: { total: 1, byType: { feedback: 1 } },
      dailies: { dates: [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)] },
      index: { state: "missing", stale: true },
      pendingExtractions: 0,
    });
    const daily = await call("GET", "/v1/daily");
    expect(daily.json.logs).toEqual([
      expect.objectContaining({ text: expect.stringContaining("Fixed the deploy.") }),
    ]);
  });
});

describe("the OpenAPI document", () => {
  it("documents exactly these operations, and every one was answered above with a documented success", () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      [
        "GET /v1/memories",
        "POST /v1/memories",
        "POST /v1/memories/batch",
        "GET /v1/memories/{name}",
        "DELETE /v1/memories/{name}",
        "GET /v1/profile/{file}",
        "GET /v1/profile/{file}/sections/{section}",
        "POST /v1/profile/{file}/sections/{section}",
        "PATCH /v1/profile/{file}/sections/{section}",
        "DELETE /v1/profile/{file}/sections/{section}",
        "GET /v1/journal",
        "POST /v1/journal",
        "GET /v1/journal/{topic}",
        "GET /v1/conversations/{session}",
        "POST /v1/conversations/{session}/messages",
        "GET /v1/search",
        "GET /v1/context",
        "GET /v1/archive",
        "POST /v1/archive/restore",
        "GET /v1/sessions",
        "GET /v1/sessions/{sessionId}",
        "GET /v1/status",
        "GET /v1/daily",
      ].sort(),
    );
    expect([...answered].sort()).toEqual(documented.sort());
  });

  it("is OpenAPI 3.1 with the bearer scheme", () => {
    expect(document).toMatchObject({
      openapi: "3.1.0",
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } },
    });
  });
});
