/**
 * One process of the restart test in long-term-memory-sqlite.test.ts. Usage:
 *   <database> write <messages JSON> <ids to delete JSON>   adds the messages, deletes the ids, exits without close()
 *   <database> recover <observed JSON>                      recovers and prints what it found as one JSON line
 * Messages are given as { id, content, causeBy }.
 */

import { SqliteMessageStore } from "../../src/adapters/sqlite/sqlite-message-store.js";
import type { AgentMessage } from "../../src/contracts/message-store.js";
import { LongTermMemory } from "../../src/engine/long-term/long-term-memory.js";
import { HashingEmbeddingModel } from "../../src/testing/hashing-embedding-model.js";
import { RecordingEmbeddingModel } from "../../src/testing/recording-embedding-model.js";

export interface RecoverReport {
  recovered: Array<Omit<AgentMessage, "createdAt"> & { createdAt: string }>;
  embeddedTexts: string[];
  news: string[];
}

type MessageSpec = Pick<AgentMessage, "id" | "content" | "causeBy">;

const [path, command, first = "[]", second = "[]"] = process.argv.slice(2);
if (path === undefined || (command !== "write" && command !== "recover")) {
  throw new Error("usage: long-term-memory.test-worker.ts <database> write|recover <JSON> [JSON]");
}

function toMessage(spec: MessageSpec): AgentMessage {
  return {
    ...spec,
    role: "Product Manager",
    sentFrom: "alice",
    sendTo: ["Architect", "全部"],
    createdAt: new Date("2030-05-06T07:08:09.123Z"),
  };
}

const model = new RecordingEmbeddingModel(new HashingEmbeddingModel());
const store = new SqliteMessageStore({ path });
const memory = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model });
await memory.recover("architect");

if (command === "write") {
  for (const spec of JSON.parse(first) as MessageSpec[]) await memory.add(toMessage(spec));
  for (const id of JSON.parse(second) as string[]) await memory.delete({ id });
  process.exit(0); // no close(): what was acknowledged must already be on disk
} else {
  const recovered = memory
    .messages()
    .map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }));
  const embeddedTexts = model.embeddedTexts;
  const news = await memory.findNews((JSON.parse(first) as MessageSpec[]).map(toMessage));
  const report: RecoverReport = { recovered, embeddedTexts, news: news.map((message) => message.id) };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  await store.close();
}
