import { describe, expect, test } from "vitest";
import { InMemoryMessageStore } from "../../adapters/memory/in-memory-message-store.js";
import type { AgentMessage, MessageRecord } from "../../contracts/message-store.js";
import { cosineSimilarity } from "../../rules/similarity.js";
import { HashingEmbeddingModel } from "../../testing/hashing-embedding-model.js";
import { RecordingEmbeddingModel } from "../../testing/recording-embedding-model.js";
import { LongTermMemory, type LongTermMemoryOptions } from "./long-term-memory.js";
import { comparableContent, legacyMessageContentHash } from "./message-content.js";
import { MessageVectors } from "./message-vectors.js";
import { MAX_MESSAGE_CONTENT_BYTES } from "./validate-message.js";

const ROLE = "architect";
let nextId = 0;

function message(content: string, fields: Partial<AgentMessage> = {}): AgentMessage {
  nextId += 1;
  return {
    id: `m${nextId}`,
    role: "Product Manager",
    content,
    causeBy: "WritePRD",
    sentFrom: "alice",
    sendTo: ["<all>"],
    createdAt: new Date(Date.UTC(2030, 0, 1, 0, nextId)),
    ...fields,
  };
}

async function setup(options: Partial<LongTermMemoryOptions> = {}) {
  const store = new InMemoryMessageStore();
  const model = new RecordingEmbeddingModel(new HashingEmbeddingModel());
  const warnings: string[] = [];
  const memory = new LongTermMemory({
    store,
    watch: ["WritePRD", "WriteDesign"],
    embeddingModel: model,
    onWarning: (warning) => warnings.push(warning),
    ...options,
  });
  await memory.recover(ROLE);
  return { store, model, warnings, memory };
}

const ids = (messages: AgentMessage[]) => messages.map((entry) => entry.id);

const OUTAGE =
  "The nightly build on main fails because the integration tests time out after the upgrade of the database driver to version three";
/** The same report with one more word: a near-duplicate. */
const OUTAGE_AGAIN = `${OUTAGE} again`;
/** The same report about another version: as similar, but other news. */
const OUTAGE_NEXT_VERSION = OUTAGE.replace("version three", "version four");
const UNRELATED = "Please add a dark mode toggle to the settings page of the mobile app";

async function similarity(first: string, second: string): Promise<number> {
  const [a, b] = await new HashingEmbeddingModel().embed([first, second]);
  return cosineSimilarity(a as Float32Array, b as Float32Array);
}

describe("LongTermMemory.add", () => {
  test("stores only messages whose cause is watched; every message enters short-term memory", async () => {
    const { store, memory } = await setup();
    const watched = message("a requirement", { causeBy: "WritePRD" });
    const design = message("a design", { causeBy: "WriteDesign" });
    const chatter = message("some chatter", { causeBy: "UserRequirement" });
    for (const entry of [watched, chatter, design]) await memory.add(entry);
    expect(ids(await store.list(ROLE))).toEqual([watched.id, design.id]);
    expect(ids(memory.messages())).toEqual([watched.id, chatter.id, design.id]);
  });

  test("adding the same message twice stores it once", async () => {
    const { store, memory } = await setup();
    const entry = message("a requirement");
    await memory.add(entry);
    await memory.add(entry);
    expect(await store.count(ROLE)).toBe(1);
  });

  test("unawaited adds are stored in call order; persist() waits for them", async () => {
    const { store, memory } = await setup();
    const entries = ["one", "two", "three", "four"].map((content) => message(content));
    const adds = entries.map((entry) => memory.add(entry));
    await memory.persist();
    expect(ids(await store.list(ROLE))).toEqual(ids(entries));
    await Promise.all(adds);
  });

  test("a failed write is reported and leaves the message out of short-term memory, so adding it again retries", async () => {
    class FlakyStore extends InMemoryMessageStore {
      failures = 1;
      override async add(roleId: string, record: MessageRecord): Promise<boolean> {
        if (this.failures-- > 0) throw new Error("disk full");
        return super.add(roleId, record);
      }
    }
    const store = new FlakyStore();
    const memory = new LongTermMemory({ store, watch: ["WritePRD"], onWarning: () => {} });
    await memory.recover(ROLE);
    const entry = message("a requirement");
    await expect(memory.add(entry)).rejects.toThrow("disk full");
    expect(memory.messages()).toEqual([]);
    await memory.add(entry);
    expect(ids(await store.list(ROLE))).toEqual([entry.id]);
  });
});

describe("LongTermMemory.recover", () => {
  test("loads stored messages into short-term memory without storing them again", async () => {
    const { store, model } = await setup();
    const first = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model });
    await first.recover(ROLE);
    const entries = [message("first requirement"), message("second requirement")];
    for (const entry of entries) await first.add(entry);

    const second = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model });
    expect(await second.recover(ROLE)).toBe(2);
    expect(second.messages()).toEqual(entries);
    for (const entry of entries) await second.add(entry);
    expect(await store.count(ROLE)).toBe(2);
  });

  test("a message added while recovery runs is kept short-term only, never stored", async () => {
    const store = new InMemoryMessageStore();
    const memory = new LongTermMemory({ store, watch: ["WritePRD"], onWarning: () => {} });
    const recovering = memory.recover(ROLE);
    const during = message("arrived during recovery");
    await memory.add(during);
    await recovering;
    expect(await store.count(ROLE)).toBe(0);
    expect(ids(memory.messages())).toEqual([during.id]);
    const after = message("arrived after recovery");
    await memory.add(after);
    expect(ids(await store.list(ROLE))).toEqual([after.id]);
  });

  test("belongs to one role", async () => {
    const { memory } = await setup();
    await expect(memory.recover(ROLE)).resolves.toBe(0);
    await expect(memory.recover("engineer")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.recover("  ")).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  test("gives stored messages without a vector from the current model one, once", async () => {
    const store = new InMemoryMessageStore();
    const withoutModel = new LongTermMemory({ store, watch: ["WritePRD"], onWarning: () => {} });
    await withoutModel.recover(ROLE);
    await withoutModel.add(message(OUTAGE));
    await withoutModel.add(message(UNRELATED));

    const model = new RecordingEmbeddingModel(new HashingEmbeddingModel());
    await new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model }).recover(ROLE);
    expect(model.embeddedTexts).toEqual([OUTAGE, UNRELATED].map(comparableContent));
    expect(await store.embeddings(ROLE, new MessageVectors(model).key)).toHaveLength(2);

    const again = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model });
    await again.recover(ROLE);
    expect(model.embeddedTexts).toHaveLength(2);
    expect(await again.findNews([message(OUTAGE_AGAIN)])).toEqual([]);
  });

  test("replaces vectors of the raw content, stored by earlier versions under the bare model id, once", async () => {
    const store = new InMemoryMessageStore();
    const model = new RecordingEmbeddingModel(new HashingEmbeddingModel());
    await store.open();
    const [raw] = await new HashingEmbeddingModel().embed([OUTAGE]);
    const old = message(OUTAGE);
    await store.add(ROLE, {
      message: old,
      contentHash: legacyMessageContentHash(OUTAGE),
      embedding: { modelId: model.id, vector: raw as Float32Array },
    });
    const memory = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel: model });
    await memory.recover(ROLE);
    expect(model.embeddedTexts).toEqual([comparableContent(OUTAGE)]);
    expect(await store.embeddings(ROLE, model.id)).toEqual([]);
    expect(ids(await store.list(ROLE))).toEqual([old.id]);
    await memory.recover(ROLE);
    expect(model.embeddedTexts).toHaveLength(1);
    expect(await memory.findNews([message(OUTAGE_AGAIN)])).toEqual([]);
  });
});

describe("LongTermMemory.findNews", () => {
  test("leaves out messages already in short-term memory", async () => {
    const { memory } = await setup();
    const seen = message("seen before", { causeBy: "UserRequirement" });
    await memory.add(seen);
    const fresh = message("not seen yet");
    expect(await memory.findNews([seen, fresh])).toEqual([fresh]);
  });

  test("leaves out copies of stored messages (case, punctuation and spacing aside) without embedding them", async () => {
    const { memory, model } = await setup();
    await memory.add(message("Ship the release on Friday"));
    const resent = message("  Ship the release\n on   Friday ");
    const shouted = message("SHIP the release, on Friday!");
    const calls = model.calls.length;
    expect(await memory.findNews([resent, shouted])).toEqual([]);
    expect(model.calls.length).toBe(calls);
  });

  test("a similar message that states another fact is news, unless requireSameFacts is false", async () => {
    expect(await similarity(OUTAGE, OUTAGE_NEXT_VERSION)).toBeGreaterThan(0.95);
    const { memory } = await setup();
    await memory.add(message(OUTAGE));
    const nextVersion = message(OUTAGE_NEXT_VERSION);
    expect(await memory.findNews([nextVersion])).toEqual([nextVersion]);

    const similarityOnly = await setup({ requireSameFacts: false });
    await similarityOnly.memory.add(message(OUTAGE));
    expect(await similarityOnly.memory.findNews([nextVersion])).toEqual([]);
  });

  test("recognises a message stored before canonical text by the hash it was stored with", async () => {
    const { store, memory } = await setup({ embeddingModel: undefined });
    await store.add(ROLE, { message: message(OUTAGE), contentHash: legacyMessageContentHash(OUTAGE) });
    expect(await memory.findNews([message(` ${OUTAGE} `)])).toEqual([]);
  });

  test("leaves out near-duplicates at or above the threshold and keeps genuinely new messages", async () => {
    const { memory } = await setup();
    expect(await similarity(OUTAGE, OUTAGE_AGAIN)).toBeGreaterThan(0.95);
    expect(await similarity(OUTAGE, UNRELATED)).toBeLessThan(0.5);
    await memory.add(message(OUTAGE));
    const nearDuplicate = message(OUTAGE_AGAIN);
    const caseVariant = message(OUTAGE.toUpperCase());
    const fresh = message(UNRELATED);
    expect(await memory.findNews([nearDuplicate, fresh, caseVariant])).toEqual([fresh]);
  });

  test("the threshold is an option: a stricter one keeps the near-duplicate", async () => {
    const { memory } = await setup({ similarityThreshold: 0.999 });
    await memory.add(message(OUTAGE));
    const nearDuplicate = message(OUTAGE_AGAIN);
    expect(await memory.findNews([nearDuplicate])).toEqual([nearDuplicate]);
    expect(
      () => new LongTermMemory({ store: new InMemoryMessageStore(), watch: [], similarityThreshold: 1.5 }),
    ).toThrow(expect.objectContaining({ code: "INVALID_INPUT" }));
  });

  test("compares with stored messages only: unwatched messages never suppress news", async () => {
    const { memory } = await setup();
    await memory.add(message(OUTAGE, { causeBy: "UserRequirement" }));
    const nearDuplicate = message(OUTAGE_AGAIN);
    expect(await memory.findNews([nearDuplicate])).toEqual([nearDuplicate]);
  });

  test("returns the last k news when k > 0, all of them when k <= 0", async () => {
    const { memory } = await setup();
    const observed = ["alpha report", "beta report", "gamma report", "delta report"].map((content) =>
      message(content),
    );
    expect(await memory.findNews(observed, { k: 2 })).toEqual(observed.slice(2));
    expect(await memory.findNews(observed, { k: 0 })).toEqual(observed);
    expect(await memory.findNews(observed, { k: -1 })).toEqual(observed);
    await expect(memory.findNews(observed, { k: 1.5 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  test("with k > 0, only the k most recent short-term messages count as seen (as in MetaGPT)", async () => {
    const { memory } = await setup();
    const older = message("older chatter", { causeBy: "UserRequirement" });
    const newer = message("newer chatter", { causeBy: "UserRequirement" });
    await memory.add(older);
    await memory.add(newer);
    expect(await memory.findNews([older, newer], { k: 1 })).toEqual([older]);
    expect(await memory.findNews([older, newer])).toEqual([]);
  });

  test("embeds each stored message once, on add, and never again", async () => {
    const { memory, model } = await setup();
    const stored = ["first requirement", "second requirement", "third requirement"].map((content) =>
      message(content),
    );
    for (const entry of stored) await memory.add(entry);
    expect(model.embeddedTexts).toEqual(stored.map((entry) => entry.content));
    const [unrelated, outage] = [UNRELATED, OUTAGE].map(comparableContent);
    expect(model.calls.every((call) => call.purpose === "document")).toBe(true);

    const observed = [message(UNRELATED), message(OUTAGE)];
    for (let round = 0; round < 3; round++) await memory.findNews(observed);
    expect(model.embeddedTexts.slice(3)).toEqual(Array(3).fill([unrelated, outage]).flat());

    const news = await memory.findNews(observed);
    const before = model.embeddedTexts.length;
    for (const entry of news) await memory.add(entry);
    expect(model.embeddedTexts.length).toBe(before);
  });

  test("without stored vectors, nothing is embedded", async () => {
    const { memory, model } = await setup();
    const observed = [message(UNRELATED)];
    expect(await memory.findNews(observed)).toEqual(observed);
    expect(model.calls).toEqual([]);
  });

  test("without an embedding model, recovering and adding warn nothing: the warning comes with findNews, where it applies", async () => {
    const { memory, warnings } = await setup({ embeddingModel: undefined });
    await memory.add(message(OUTAGE));
    await memory.recover(ROLE);
    expect(warnings).toEqual([]);
    await memory.findNews([message(OUTAGE_AGAIN)]);
    expect(warnings).toHaveLength(1);
  });

  test("without an embedding model, only exact duplicates are recognised, and a warning says so once", async () => {
    const { memory, warnings } = await setup({ embeddingModel: undefined });
    await memory.add(message(OUTAGE));
    const nearDuplicate = message(OUTAGE_AGAIN);
    const caseVariant = message(`${OUTAGE.toUpperCase()}!`);
    expect(await memory.findNews([message(OUTAGE), caseVariant, nearDuplicate])).toEqual([nearDuplicate]);
    await memory.recover(ROLE);
    await memory.findNews([nearDuplicate]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("exact duplicates");
  });
});

describe("LongTermMemory.delete and clear", () => {
  test("delete removes a message from short-term memory and from the store", async () => {
    const { store, memory } = await setup();
    const kept = message("kept");
    const removed = message(OUTAGE);
    await memory.add(kept);
    await memory.add(removed);
    expect(await memory.delete(removed)).toBe(true);
    expect(await memory.delete(removed)).toBe(false);
    expect(ids(memory.messages())).toEqual([kept.id]);
    expect(ids(await store.list(ROLE))).toEqual([kept.id]);
    const resent = message(OUTAGE);
    expect(await memory.findNews([resent])).toEqual([resent]);
  });

  test("clear empties short-term memory and the role's stored messages, and only this role's", async () => {
    const { store, memory } = await setup();
    await store.add("engineer", { message: message("other role"), contentHash: "x" });
    await memory.add(message("one"));
    await memory.add(message("two"));
    await memory.clear();
    expect(memory.messages()).toEqual([]);
    expect(await store.count(ROLE)).toBe(0);
    expect(await store.count("engineer")).toBe(1);
  });
});

describe("LongTermMemory input checks", () => {
  test("refuses messages without a role or content, and oversized ones", async () => {
    const { memory } = await setup();
    await expect(memory.add(message("x", { role: "" }))).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(
      memory.add({ ...message("x"), role: undefined } as unknown as AgentMessage),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("no role"),
    });
    await expect(memory.add(message(" \n\t "))).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.add(message("x", { id: "" }))).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.add(message("x", { createdAt: new Date(Number.NaN) }))).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(
      memory.add(message("x", { sendTo: "Engineer" as unknown as string[] })),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    const huge = message("x".repeat(MAX_MESSAGE_CONTENT_BYTES + 1));
    await expect(memory.add(huge)).rejects.toMatchObject({ code: "TOO_LARGE" });
    await expect(memory.findNews([huge])).rejects.toMatchObject({ code: "TOO_LARGE" });
    await expect(memory.add(message("é".repeat(MAX_MESSAGE_CONTENT_BYTES / 2)))).resolves.toBeUndefined();
    expect(memory.messages()).toHaveLength(1);
  });

  test("needs recover(roleId) before anything else", async () => {
    const memory = new LongTermMemory({ store: new InMemoryMessageStore(), watch: ["WritePRD"] });
    await expect(memory.add(message("x"))).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.findNews([])).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.clear()).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.delete({ id: "m1" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
