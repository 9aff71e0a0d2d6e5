import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openMemory } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio, type McpConnection } from "../../testing/test-mcp-connections.js";

/**
 * The session context names the journal entries it left out and the call that reads them; an MCP
 * client that makes exactly that call gets exactly those entries, page after page, through the
 * built `mnemo mcp` and the SDK's client.
 */
const ENTRIES = 70;
let home: string;
let connection: McpConnection;

beforeAll(async () => {
  home = await makeTempDir("mnemo-notice-");
  const memory = await openMemory({ home, env: {}, onWarning: () => undefined });
  for (let entry = 1; entry <= ENTRIES; entry++)
    await memory.journal.add("general", `Journal note ${entry}: ${"the build needs care. ".repeat(4)}`);
  await memory.close();
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  connection = await connectOverStdio(home);
});
afterAll(async () => {
  await connection?.close();
  await removeDir(home);
});

type TopicPage = { entries: Array<{ content: string }>; nextOffset?: number };

test("the context's notice gives the memory_read_topic call that reads the entries it left out", async () => {
  const { client } = connection;
  await client.listTools();
  const prompt = await client.getPrompt({ name: "session_context" });
  const context = prompt.messages[0]?.content.type === "text" ? prompt.messages[0].content.text : "";
  const notice =
    /(\d+) older journal entries of MEMORY\.md \(memory_read_topic with topic "MEMORY" and offset (\d+)\)/.exec(
      context,
    );
  expect(notice, context.slice(-400)).not.toBeNull();
  const [left, offset] = [Number(notice?.[1]), Number(notice?.[2])];
  expect(left + offset).toBe(ENTRIES);
  const read = async (args: Record<string, unknown>) =>
    (
      (await client.callTool({
        name: "memory_read_topic",
        arguments: { topic: "MEMORY", ...args },
      })) as CallToolResult
    ).structuredContent as TopicPage;
  // The newest entry left out is the first of the page at that offset; the one before it is in the context.
  const shownLast = (await read({ offset: offset - 1, limit: 1 })).entries[0]?.content ?? "";
  expect(context).toContain(shownLast);
  const pages: TopicPage[] = [await read({ offset })];
  while (pages.at(-1)?.nextOffset !== undefined) pages.push(await read({ offset: pages.at(-1)?.nextOffset }));
  const unseen = pages.flatMap((page) => page.entries.map((entry) => entry.content));
  expect(unseen).toHaveLength(left);
  for (const content of unseen) expect(context).not.toContain(`${content.split(":")[0]}:`);
  expect(unseen.at(-1)).toMatch(/^Journal note 1: /);
});
