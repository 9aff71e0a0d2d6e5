import { appendFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { MEMORY_TOOLS } from "../../session/tools/memory-tools.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import {
  connectOverHttpHandler,
  connectOverStdio,
  type McpConnection,
} from "../../testing/test-mcp-connections.js";

async function makeHome(root: string): Promise<string> {
  const home = join(root, "home");
  await openMemory({ home, env: {}, onWarning: () => undefined });
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  return home;
}

const WAIT = { timeout: 8000, interval: 50 };

/**
 * The built `mnemo mcp` tells a subscribed client when the home changes, whoever changes it: this
 * test process writes as a second writer, edits a file in place as a person would, and calls the
 * server's own tools; the SDK's client receives the notifications.
 */
describe("resource change notifications over stdio (the built mnemo mcp)", () => {
  let root: string;
  let home: string;
  let connection: McpConnection;
  let client: Client;
  let writer: MemoryHome;
  const updated: string[] = [];
  let listChanged = 0;

  beforeAll(async () => {
    root = await makeTempDir("mnemo-mcp-notify-");
    home = await makeHome(root);
    writer = await openMemory({ home, env: {}, onWarning: () => undefined });
    connection = await connectOverStdio(home);
    client = connection.client;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updated.push(notification.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged += 1;
    });
  });
  afterAll(async () => {
    await connection?.close();
    await writer?.close();
    await removeDir(root);
  });

  it("announces subscriptions and list changes", () => {
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });
  });

  it("sends resources/updated for a subscribed file changed by another process, and only for it", async () => {
    await client.subscribeResource({ uri: "mnemo://profile/user" });
    await writer.profile.add("soul", "Style", "Short answers."); // not subscribed
    await writer.profile.add("user", "Name", "The user is Ada.");
    await vi.waitFor(() => expect(updated).toContain("mnemo://profile/user"), WAIT);
    expect(updated).not.toContain("mnemo://profile/soul");
  });

  it("sees an edit made in place by hand (no rename, the folder unchanged)", async () => {
    updated.length = 0;
    await appendFile(join(home, "USER.md"), "\nEdited by hand.\n");
    await vi.waitFor(() => expect(updated).toEqual(["mnemo://profile/user"]), WAIT);
  });

  it("sends list_changed when another process adds a memory, and when a tool call of this server does", async () => {
    const before = listChanged;
    await writer.memories.save({ type: "user", name: "Cat", content: "The user's cat is Miso." });
    await vi.waitFor(() => expect(listChanged).toBeGreaterThan(before), WAIT);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain("mnemo://memories/user/cat");

    const afterSave = listChanged;
    await client.callTool({
      name: "memory_save",
      arguments: { type: "project", name: "Freeze", description: "", content: "Merge freeze on Friday." },
    });
    await vi.waitFor(() => expect(listChanged).toBeGreaterThan(afterSave), WAIT);
  });

  it("tells a subscriber that its memory was deleted", async () => {
    await client.subscribeResource({ uri: "mnemo://memories/user/cat" });
    updated.length = 0;
    await writer.memories.delete("Cat");
    await vi.waitFor(() => expect(updated).toContain("mnemo://memories/user/cat"), WAIT);
  });

  it("stops after unsubscribe", async () => {
    await client.unsubscribeResource({ uri: "mnemo://profile/user" });
    await client.unsubscribeResource({ uri: "mnemo://memories/user/cat" });
    updated.length = 0;
    const before = listChanged;
    await writer.profile.add("user", "Work", "Ada writes programs.");
    await writer.memories.save({ type: "reference", name: "Wiki", content: "Docs are in the wiki." });
    await vi.waitFor(() => expect(listChanged).toBeGreaterThan(before), WAIT); // a look has happened since
    expect(updated).toEqual([]);
  });

  it("refuses to subscribe to a URI that names no file of the home", async () => {
    await expect(client.subscribeResource({ uri: "mnemo://profile/../../etc/passwd" })).rejects.toMatchObject(
      {
        code: -32602,
      },
    );
    await expect(client.subscribeResource({ uri: "mnemo://elsewhere/x" })).rejects.toMatchObject({
      code: -32002,
    });
  });
});

describe("tool annotations and capabilities over stateless HTTP", () => {
  let root: string;
  let connection: McpConnection;

  beforeAll(async () => {
    root = await makeTempDir("mnemo-mcp-annotations-");
    connection = await connectOverHttpHandler(await makeHome(root));
  });
  afterAll(async () => {
    await connection?.close();
    await removeDir(root);
  });

  it("announces no notifications, which a server without a stream cannot send", () => {
    const resources = connection.client.getServerCapabilities()?.resources;
    expect(resources?.subscribe).toBeUndefined();
    expect(resources?.listChanged).toBe(false);
  });

  it("gives every tool all four hints: reading tools read only, writing tools destructive when they change what is stored", async () => {
    const { tools } = await connection.client.listTools();
    const hints = Object.fromEntries(
      tools.map((tool) => {
        const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations ?? {};
        return [tool.name, [readOnlyHint, destructiveHint, idempotentHint, openWorldHint]];
      }),
    );
    const readOnly = [true, false, true, false];
    expect(hints).toEqual({
      memory_read: readOnly,
      memory_add: [false, false, false, false],
      memory_replace: [false, true, false, false],
      memory_remove: [false, true, true, false],
      memory_get: readOnly,
      memory_list: readOnly,
      memory_save: [false, true, true, false],
      memory_delete: [false, true, true, false],
      memory_read_topic: readOnly,
      memory_search: readOnly,
      memory_record_conversation: [false, false, false, false],
    });
    expect(Object.keys(hints)).toEqual(MEMORY_TOOLS.map((tool) => tool.name));
  });
});
