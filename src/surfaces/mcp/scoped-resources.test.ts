import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MemoryHome } from "../../index.js";
import { createMcpServer } from "../../mcp.js";
import { openScopes, type ScopeStack } from "../../scopes.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * createMcpServer on a stack (docs/scopes.md): the user home's files keep their `mnemo://` URIs and
 * the project layer's are served beside them under `mnemo://project/`, listed and read through the
 * SDK client over an in-memory transport, on two real homes.
 */
describe("MCP resources of a stack's layers", () => {
  let scratch: string;
  let stack: ScopeStack;
  let client: Client;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-scoped-resources-");
    await mkdir(join(scratch, "shop", ".mnemo"), { recursive: true });
    stack = await openScopes({
      cwd: join(scratch, "shop"),
      env: { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" },
    });
    const project = stack.layer("project") as MemoryHome;
    await project.memories.save({
      type: "project",
      name: "Cart money",
      description: "How the cart stores money",
      content: "The cart keeps money as cents.",
    });
    await project.journal.add("general", "The staging database is rebuilt nightly.");
    await stack.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(stack).connect(serverSide);
    client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(clientSide);
    await client.listTools();
  });
  afterEach(async () => {
    await client.close();
    await stack.close();
    await removeDir(scratch);
  });

  it("lists the project layer's files under mnemo://project/ and the user home's as before", async () => {
    const { resources } = await client.listResources();
    const project = resources.filter((resource) => resource.uri.startsWith("mnemo://project/"));
    expect(project).toEqual(
      expect.arrayContaining([
        {
          uri: "mnemo://project/profile/memory",
          name: "MEMORY.md",
          description: expect.stringContaining("Core memory"),
          mimeType: "text/markdown",
        },
        {
          uri: "mnemo://project/memories/project/cart-money",
          name: "memories/project_cart-money.md",
          title: "Cart money",
          description: "How the cart stores money",
          mimeType: "text/markdown",
        },
      ]),
    );
    expect(project.map((resource) => resource.uri)).not.toContain("mnemo://project/memories/feedback/tabs");
    const own = resources.filter((resource) => !resource.uri.startsWith("mnemo://project/"));
    expect(own.map((resource) => resource.uri)).toContain("mnemo://memories/feedback/tabs");
    expect(own.map((resource) => resource.uri)).not.toContain("mnemo://memories/project/cart-money");
  });

  it("gives each kind a template of its own under mnemo://project/, named and described by its layer", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    const memory = resourceTemplates.find((template) => template.name === "project-memory");
    expect(memory).toMatchObject({
      uriTemplate: "mnemo://project/memories/{type}/{name}",
      description: expect.stringMatching(/^In the project layer: One typed memory/),
    });
    expect(resourceTemplates.map((template) => template.name).sort()).toEqual([
      "daily",
      "memory",
      "profile",
      "project-daily",
      "project-memory",
      "project-profile",
      "project-topic",
      "topic",
    ]);
  });

  it("serves one home's files alone, under their usual URIs", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(stack.layer("user") as MemoryHome).connect(serverSide);
    const single = new Client({ name: "mnemo-test", version: "1.0.0" });
    await single.connect(clientSide);
    try {
      const { resourceTemplates } = await single.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.name).sort()).toEqual([
        "daily",
        "memory",
        "profile",
        "topic",
      ]);
      const { resources } = await single.listResources();
      expect(resources.map((resource) => resource.uri)).toContain("mnemo://memories/feedback/tabs");
      expect(resources.filter((resource) => resource.uri.startsWith("mnemo://project/"))).toEqual([]);
    } finally {
      await single.close();
    }
  });

  it("reads the project layer's files, and names that layer when one is missing", async () => {
    const text = async (uri: string) =>
      ((await client.readResource({ uri })).contents[0] as { text?: string }).text;
    expect(await text("mnemo://project/memories/project/cart-money")).toContain(
      "The cart keeps money as cents.",
    );
    expect(await text("mnemo://project/profile/memory")).toContain(
      "The staging database is rebuilt nightly.",
    );
    expect(await text("mnemo://memories/feedback/tabs")).toContain("Indent with tabs.");
    await expect(client.readResource({ uri: "mnemo://project/memories/feedback/tabs" })).rejects.toThrow(
      "There is no memories/feedback_tabs.md in the project layer for mnemo://project/memories/feedback/tabs",
    );
    await expect(client.readResource({ uri: "mnemo://memories/project/cart-money" })).rejects.toThrow(
      "There is no memories/project_cart-money.md in the memory home for",
    );
    await expect(client.readResource({ uri: "mnemo://team/profile/user" })).rejects.toThrow(
      /There is no resource mnemo:\/\/team\/profile\/user; mnemo's resources are mnemo:\/\/profile\/\{file\}, .*mnemo:\/\/project\/daily\/\{date\}\./,
    );
  });

  it("notifies a subscriber of a project layer's file, under its mnemo://project/ URI, and refuses a layer it does not serve", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(stack, { notifyChanges: { intervalMs: 50 } }).connect(serverSide);
    const watching = new Client({ name: "mnemo-test", version: "1.0.0" });
    const updated: string[] = [];
    watching.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updated.push(notification.params.uri);
    });
    await watching.connect(clientSide);
    try {
      await watching.listTools();
      await watching.subscribeResource({ uri: "mnemo://project/memories/project/cart-money" });
      await watching.subscribeResource({ uri: "mnemo://memories/feedback/tabs" });
      const project = stack.layer("project") as MemoryHome;
      await project.memories.delete("Cart money");
      await vi.waitFor(() => expect(updated).toEqual(["mnemo://project/memories/project/cart-money"]), {
        timeout: 5000,
        interval: 20,
      });
      await watching.unsubscribeResource({ uri: "mnemo://project/memories/project/cart-money" });
      await watching.unsubscribeResource({ uri: "mnemo://team/profile/user" }); // nothing to stop
      await project.memories.save({ type: "project", name: "Cart money", content: "Money as cents." });
      await (stack.layer("user") as MemoryHome).memories.delete("Tabs");
      await vi.waitFor(() => expect(updated).toContain("mnemo://memories/feedback/tabs"), {
        timeout: 5000,
        interval: 20,
      });
      await expect(watching.subscribeResource({ uri: "mnemo://team/profile/user" })).rejects.toThrow(
        "There is no team layer under mnemo://team/ on this server (mnemo://team/profile/user)",
      );
      expect(updated).toEqual([
        "mnemo://project/memories/project/cart-money",
        "mnemo://memories/feedback/tabs",
      ]);
    } finally {
      await watching.close();
    }
  });
});
