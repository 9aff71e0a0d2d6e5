/**
 * The behaviour every MessageStore must have, as vitest tests. An adapter's test file calls
 * `describeMessageStoreConformance("SQLite", async () => ({ store: new SqliteMessageStore(...), cleanup }))`.
 * `createStore` must return a fresh, empty store that is not open yet.
 *
 * It ends with a model-based test (message-store-model.ts): random sequences of add / delete / clear /
 * setEmbeddings / reopen, after each of which the store must agree with the in-memory store (the
 * oracle) on every read.
 */
import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { InMemoryMessageStore } from "../adapters/memory/in-memory-message-store.js";
import type { MessageStore } from "../contracts/message-store.js";
import { messageContentHash } from "../engine/long-term/message-content.js";
import { messageStoreCommands } from "./message-store-model.js";
import { message, record } from "./sample-agent-messages.js";

export interface MessageStoreUnderTest {
  store: MessageStore;
  /** Removes what the store left behind (files, databases). */
  cleanup?: () => Promise<void>;
}

export function describeMessageStoreConformance(
  name: string,
  createStore: () => Promise<MessageStoreUnderTest>,
): void {
  async function withStore(work: (store: MessageStore) => Promise<void>): Promise<void> {
    const { store, cleanup } = await createStore();
    try {
      await work(store);
    } finally {
      await store.close();
      await cleanup?.();
    }
  }
  const openStore = (work: (store: MessageStore) => Promise<void>) =>
    withStore(async (store) => {
      await store.open();
      await work(store);
    });

  describe(`MessageStore conformance: ${name}`, () => {
    test("open and close are idempotent, and messages survive close and open", () =>
      withStore(async (store) => {
        await store.open();
        await store.open();
        await store.add("planner", record(message("m1")));
        await store.close();
        await store.close();
        await store.open();
        expect((await store.list("planner")).map((stored) => stored.id)).toEqual(["m1"]);
      }));

    test("use before open fails with MnemoError IO", () =>
      withStore(async (store) => {
        await expect(store.list("planner")).rejects.toMatchObject({ code: "IO" });
        await expect(store.add("planner", record(message("m1")))).rejects.toMatchObject({ code: "IO" });
      }));

    test("every field round-trips", () =>
      openStore(async (store) => {
        const written = message("ü/1", {
          role: "Product Manager",
          content: "第一行\n  second line\twith tab 🙂 and 'quotes' \"too\"",
          causeBy: "metagpt.actions.WritePRD",
          sentFrom: "alice",
          sendTo: ["<all>", "Architect"],
          createdAt: new Date("2031-02-03T04:05:06.789Z"),
        });
        await store.add("pm", record(written));
        await store.add("pm", record(message("empty-send-to", { sendTo: [], causeBy: "", sentFrom: "" })));
        const [first, second] = await store.list("pm");
        expect(first).toEqual(written);
        expect(second?.sendTo).toEqual([]);
        expect(second?.causeBy).toBe("");
      }));

    test("lists a role's messages in insertion order, not by id or date", () =>
      openStore(async (store) => {
        const ids = ["c", "a", "b", "10", "2"];
        for (const [index, id] of ids.entries()) {
          await store.add(
            "planner",
            record(message(id, { createdAt: new Date(Date.UTC(2030, 0, 10 - index)) })),
          );
        }
        expect((await store.list("planner")).map((stored) => stored.id)).toEqual(ids);
        expect(await store.count("planner")).toBe(5);
      }));

    test("an id the role already has is not added again", () =>
      openStore(async (store) => {
        expect(await store.add("planner", record(message("m1", { content: "first" })))).toBe(true);
        expect(await store.add("planner", record(message("m1", { content: "second" })))).toBe(false);
        expect((await store.list("planner")).map((stored) => stored.content)).toEqual(["first"]);
      }));

    test("roles are kept apart, even with the same message ids", () =>
      openStore(async (store) => {
        await store.add("planner", record(message("m1", { content: "plan" })));
        await store.add("coder", record(message("m1", { content: "code" })));
        await store.add("coder", record(message("m2", { content: "more code" })));
        expect(await store.delete("planner", "m2")).toBe(false);
        expect(await store.clear("planner")).toBe(1);
        expect(await store.count("planner")).toBe(0);
        expect((await store.list("coder")).map((stored) => stored.content)).toEqual(["code", "more code"]);
        expect(await store.list("nobody")).toEqual([]);
      }));

    test("delete removes one message and tells whether it was there", () =>
      openStore(async (store) => {
        for (const id of ["m1", "m2", "m3"]) await store.add("planner", record(message(id)));
        expect(await store.delete("planner", "m2")).toBe(true);
        expect(await store.delete("planner", "m2")).toBe(false);
        expect((await store.list("planner")).map((stored) => stored.id)).toEqual(["m1", "m3"]);
        expect(await store.add("planner", record(message("m2")))).toBe(true);
        expect((await store.list("planner")).map((stored) => stored.id)).toEqual(["m1", "m3", "m2"]);
      }));

    test("clear tells how many messages it removed", () =>
      openStore(async (store) => {
        for (const id of ["m1", "m2"]) await store.add("planner", record(message(id)));
        expect(await store.clear("planner")).toBe(2);
        expect(await store.clear("planner")).toBe(0);
        expect(await store.count("planner")).toBe(0);
      }));

    test("findByContentHash returns the ids with that hash, in insertion order", () =>
      openStore(async (store) => {
        await store.add("planner", record(message("m1", { content: "ship it" })));
        await store.add("planner", record(message("m2", { content: "something else" })));
        await store.add("planner", record(message("m3", { content: "  ship   it " })));
        await store.add("coder", record(message("m4", { content: "ship it" })));
        expect(await store.findByContentHash("planner", messageContentHash("ship it"))).toEqual(["m1", "m3"]);
        await store.delete("planner", "m1");
        expect(await store.findByContentHash("planner", messageContentHash("ship it"))).toEqual(["m3"]);
        expect(await store.findByContentHash("planner", messageContentHash("never sent"))).toEqual([]);
      }));

    test("vectors round-trip exactly and are kept per model", () =>
      openStore(async (store) => {
        const vector = new Float32Array([0.1, -2.5e-38, 3.4e38, -0, 1 / 3]);
        await store.add("planner", record(message("m1"), { modelId: "model-a", vector }));
        await store.add("planner", record(message("m2")));
        await store.add(
          "planner",
          record(message("m3"), { modelId: "model-b", vector: new Float32Array([1, 0]) }),
        );
        await store.add(
          "planner",
          record(message("m4"), { modelId: "model-a", vector: new Float32Array(5) }),
        );
        const stored = await store.embeddings("planner", "model-a");
        expect(stored.map((entry) => entry.messageId)).toEqual(["m1", "m4"]);
        expect(stored[0]?.vector).toEqual(vector);
        expect(Object.is(stored[0]?.vector[3], -0)).toBe(true);
        expect(await store.embeddings("coder", "model-a")).toEqual([]);
      }));

    test("setEmbeddings sets or replaces vectors and ignores unknown ids", () =>
      openStore(async (store) => {
        await store.add(
          "planner",
          record(message("m1"), { modelId: "old", vector: new Float32Array([1, 2]) }),
        );
        await store.add("planner", record(message("m2")));
        const vector = new Float32Array([0.5, 0.25, 0.125]);
        await store.setEmbeddings(
          "planner",
          new Map([
            ["m1", { modelId: "new", vector }],
            ["m2", { modelId: "new", vector }],
            ["ghost", { modelId: "new", vector }],
          ]),
        );
        expect(await store.embeddings("planner", "old")).toEqual([]);
        expect(await store.embeddings("planner", "new")).toEqual([
          { messageId: "m1", vector },
          { messageId: "m2", vector },
        ]);
        expect(await store.count("planner")).toBe(2);
      }));

    test("what it returns are copies", () =>
      openStore(async (store) => {
        const written = message("m1", { sendTo: ["a"] });
        const vector = new Float32Array([1, 2]);
        await store.add("planner", record(written, { modelId: "model-a", vector }));
        written.sendTo.push("changed by the caller");
        vector[0] = 99;
        const [read] = await store.list("planner");
        read?.sendTo.push("changed by a reader");
        const [embedding] = await store.embeddings("planner", "model-a");
        if (embedding) embedding.vector[1] = 99;
        expect((await store.list("planner"))[0]?.sendTo).toEqual(["a"]);
        expect((await store.embeddings("planner", "model-a"))[0]?.vector).toEqual(new Float32Array([1, 2]));
      }));

    propertyTest.prop([messageStoreCommands], { numRuns: 60 })(
      "agrees with the in-memory oracle after any sequence of writes",
      async (commands) => {
        const { store, cleanup } = await createStore();
        try {
          await store.open();
          const oracle = new InMemoryMessageStore();
          await oracle.open();
          await fc.asyncModelRun(() => ({ model: oracle, real: store }), commands);
        } finally {
          await store.close();
          await cleanup?.();
        }
      },
    );
  });
}
