import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MemoryHome, openMemory } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { type McpConnection, startMnemoMcp } from "../../testing/test-mcp-connections.js";
import { makeTestRepository, type TestRepository } from "../../testing/test-repository.js";

const WAIT = { timeout: 8000, interval: 50 };
const CART = "mnemo://project/memories/project/cart-money";

/**
 * The built `mnemo mcp` started in a repository with a project layer (docs/scopes.md) lets a client
 * subscribe to the project layer's `mnemo://project/…` resources as to the user home's: its own tool
 * calls, another process's writes and edits by hand in `.mnemo/` reach the SDK client as
 * `notifications/resources/updated` for that URI alone.
 */
describe("subscriptions to the project layer's resources (the built mnemo mcp in a repository)", () => {
  let scratch: string;
  let repository: TestRepository;
  let connection: McpConnection;
  let client: Client;
  let projectWriter: MemoryHome;
  const updated: string[] = [];
  let listChanged = 0;

  beforeAll(async () => {
    scratch = await makeTempDir("mnemo-scoped-notify-");
    repository = await makeTestRepository(scratch);
    projectWriter = await openMemory({ home: repository.projectHome, env: repository.env });
    await projectWriter.memories.save({
      type: "project",
      name: "Cart money",
      content: "The cart keeps money as cents.",
    });
    connection = await startMnemoMcp({ cwd: repository.cwd, env: repository.env });
    client = connection.client;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updated.push(notification.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged += 1;
    });
    await client.listTools();
  });
  afterAll(async () => {
    await connection?.close();
    await projectWriter?.close();
    await removeDir(scratch);
  });

  it("sends resources/updated for a subscribed project memory saved by a tool call, and for no other URI", async () => {
    await client.subscribeResource({ uri: CART });
    // The same file name in the user's home: subscribed, but nothing writes it.
    await client.subscribeResource({ uri: "mnemo://memories/project/cart-money" });
    await client.subscribeResource({ uri: "mnemo://project/profile/soul" });
    const saved = await client.callTool({
      name: "memory_save",
      arguments: {
        type: "project",
        name: "Cart money",
        description: "How the cart stores money",
        content: "The cart keeps money as integer cents, never floats.",
        scope: "project",
      },
    });
    expect(saved.isError).toBeFalsy();
    await vi.waitFor(() => expect(updated).toContain(CART), WAIT);
    expect(updated).toEqual([CART]);
  });

  it("sees another process edit the project memory's file in place", async () => {
    updated.length = 0;
    await appendFile(
      join(repository.projectHome, "memories", "project_cart-money.md"),
      "\nEdited by hand.\n",
    );
    await vi.waitFor(() => expect(updated).toEqual([CART]), WAIT);
  });

  it("tells the subscriber that the project memory was deleted", async () => {
    updated.length = 0;
    await projectWriter.memories.delete("Cart money");
    await vi.waitFor(() => expect(updated).toEqual([CART]), WAIT);
  });

  it("stops after unsubscribe", async () => {
    await client.unsubscribeResource({ uri: CART });
    await client.unsubscribeResource({ uri: "mnemo://memories/project/cart-money" });
    await client.unsubscribeResource({ uri: "mnemo://project/profile/soul" });
    updated.length = 0;
    const before = listChanged;
    await projectWriter.memories.save({ type: "project", name: "Cart money", content: "Back again." });
    await vi.waitFor(() => expect(listChanged).toBeGreaterThan(before), WAIT); // a look has happened since
    expect(updated).toEqual([]);
  });

  it("refuses a URI of a layer the server does not serve, naming the layers it does", async () => {
    await expect(client.subscribeResource({ uri: "mnemo://team/profile/user" })).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining(
        "There is no team layer under mnemo://team/ on this server (mnemo://team/profile/user); its resources are mnemo://… and mnemo://project/…",
      ),
    });
    await expect(client.subscribeResource({ uri: "mnemo://project/profile/diary" })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(client.subscribeResource({ uri: "mnemo://project/../USER.md" })).rejects.toMatchObject({
      code: -32602,
    });
  });
});
