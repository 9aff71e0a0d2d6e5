import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { RecoverReport } from "../../../test/workers/long-term-memory.test-worker.js";
import { MESSAGE_STORE_PATH, SqliteMessageStore } from "../../adapters/sqlite/sqlite-message-store.js";
import type { AgentMessage } from "../../contracts/message-store.js";
import { HashingEmbeddingModel } from "../../testing/hashing-embedding-model.js";
import { RecordingEmbeddingModel } from "../../testing/recording-embedding-model.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { LongTermMemory } from "./long-term-memory.js";

const WORKER = join(REPOSITORY_ROOT, "test", "workers", "long-term-memory.test-worker.ts");
const ROLE = "architect";

function runWorker(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", WORKER, ...args], {
    cwd: REPOSITORY_ROOT,
    encoding: "utf8",
  });
}

function message(id: string, content: string, causeBy = "WritePRD"): AgentMessage {
  return { id, role: "user", content, causeBy, sentFrom: "", sendTo: [], createdAt: new Date(0) };
}

describe("LongTermMemory over SQLite", () => {
  let home: string;
  let path: string;
  beforeEach(async () => {
    home = await makeTempDir("mnemo-long-term-");
    path = join(home, MESSAGE_STORE_PATH);
  });
  afterEach(() => removeDir(home));

  async function open(model = new RecordingEmbeddingModel(new HashingEmbeddingModel())) {
    const store = new SqliteMessageStore({ path });
    const memory = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model });
    const recovered = await memory.recover(ROLE);
    return { store, memory, model, recovered };
  }

  test("what one process stored, the next recovers, with its vectors, and uses to filter news", () => {
    const written = [
      { id: "prd-1", content: "Users can export their notes as Markdown files", causeBy: "WritePRD" },
      { id: "chat-1", content: "Good morning everyone", causeBy: "UserRequirement" },
      {
        id: "prd-2",
        content: "Search must return results within two hundred milliseconds",
        causeBy: "WritePRD",
      },
      { id: "prd-3", content: "Remove the legacy sync protocol", causeBy: "WritePRD" },
    ];
    runWorker(path, "write", JSON.stringify(written), JSON.stringify(["prd-3"]));

    const observed = [
      { id: "new-1", content: "Users can export their notes as Markdown files!", causeBy: "WritePRD" },
      { id: "new-2", content: "Add single sign-on with the company directory", causeBy: "WritePRD" },
      {
        id: "new-3",
        content: "  Search must return results within two hundred   milliseconds",
        causeBy: "WritePRD",
      },
      { id: "new-4", content: "Remove the legacy sync protocol", causeBy: "WritePRD" },
    ];
    const report = JSON.parse(runWorker(path, "recover", JSON.stringify(observed))) as RecoverReport;
    expect(report.recovered).toEqual([
      {
        id: "prd-1",
        role: "Product Manager",
        content: "Users can export their notes as Markdown files",
        causeBy: "WritePRD",
        sentFrom: "alice",
        sendTo: ["Architect", "全部"],
        createdAt: "2030-05-06T07:08:09.123Z",
      },
      expect.objectContaining({ id: "prd-2" }),
    ]);
    expect(report.embeddedTexts).toEqual([]);
    expect(report.news).toEqual(["new-2", "new-4"]);
  });

  test("after close and reopen, recover brings back the messages in order and embeds nothing", async () => {
    const first = await open();
    await first.memory.add(message("a", "first requirement"));
    await first.memory.add(message("b", "second requirement"));
    await first.memory.add(message("c", "chatter", "UserRequirement"));
    await first.store.close();

    const second = await open();
    expect(second.recovered).toBe(2);
    expect(second.memory.messages().map((entry) => entry.id)).toEqual(["a", "b"]);
    expect(second.model.calls).toEqual([]);
    await second.memory.add(message("a", "first requirement"));
    expect(await second.store.count(ROLE)).toBe(2);
    await second.store.close();
  });

  test("a deleted message is not recovered by a new LongTermMemory on the same file", async () => {
    const first = await open();
    await first.memory.add(message("keep", "kept requirement"));
    await first.memory.add(message("drop", "dropped requirement"));
    expect(await first.memory.delete({ id: "drop" })).toBe(true);
    await first.store.close();

    const second = await open();
    expect(second.memory.messages().map((entry) => entry.id)).toEqual(["keep"]);
    const resent = message("drop-again", "dropped requirement");
    expect(await second.memory.findNews([resent])).toEqual([resent]);
    await second.memory.clear();
    await second.store.close();

    const third = await open();
    expect(third.recovered).toBe(0);
    await third.store.close();
  });
});
