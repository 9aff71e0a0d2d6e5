/**
 * The model-based part of the MessageStore conformance suite: random sequences of add / delete /
 * clear / setEmbeddings / reopen, each command checked against the in-memory store (the oracle):
 * the same answer, then the same reads of every role, content hash and model.
 */
import { fc } from "@fast-check/vitest";
import { expect } from "vitest";
import type { InMemoryMessageStore } from "../adapters/memory/in-memory-message-store.js";
import type { AgentMessage, MessageEmbedding, MessageStore } from "../contracts/message-store.js";
import { messageContentHash } from "../engine/long-term/message-content.js";
import { record } from "./sample-agent-messages.js";

// Small vocabularies, so ids, contents and roles collide often.
const ROLES = ["planner", "coder"];
const IDS = ["m1", "m2", "m3", "m4"];
const CONTENTS = ["ship it", "Ship it", "  ship\n it ", "回滚 rollback", "x"];
const MODELS = ["model-a", "model-b"];

type Oracle = InMemoryMessageStore;
type Command = fc.AsyncCommand<Oracle, MessageStore>;

async function assertAgreement(oracle: Oracle, real: MessageStore): Promise<void> {
  for (const roleId of ROLES) {
    expect(await real.list(roleId)).toEqual(await oracle.list(roleId));
    expect(await real.count(roleId)).toBe(await oracle.count(roleId));
    for (const content of CONTENTS) {
      const hash = messageContentHash(content);
      expect(await real.findByContentHash(roleId, hash)).toEqual(
        await oracle.findByContentHash(roleId, hash),
      );
    }
    for (const modelId of MODELS) {
      expect(await real.embeddings(roleId, modelId)).toEqual(await oracle.embeddings(roleId, modelId));
    }
  }
}

function command(label: string, apply: (store: MessageStore) => Promise<unknown>): Command {
  return {
    check: () => true,
    run: async (oracle, real) => {
      expect(await apply(real)).toEqual(await apply(oracle));
      await assertAgreement(oracle, real);
    },
    toString: () => label,
  };
}

const embeddingArbitrary: fc.Arbitrary<MessageEmbedding> = fc.record({
  modelId: fc.constantFrom(...MODELS),
  vector: fc.float32Array({ minLength: 3, maxLength: 3, noNaN: true }),
});

const messageArbitrary: fc.Arbitrary<AgentMessage> = fc.record({
  id: fc.constantFrom(...IDS),
  role: fc.constantFrom("user", "Architect"),
  content: fc.constantFrom(...CONTENTS),
  causeBy: fc.constantFrom("WritePRD", ""),
  sentFrom: fc.constantFrom("alice", ""),
  sendTo: fc.array(fc.constantFrom("<all>", "Engineer", "全部"), { maxLength: 2 }),
  createdAt: fc.date({ noInvalidDate: true }),
});

const roleArbitrary = fc.constantFrom(...ROLES);

export const messageStoreCommands = fc.commands(
  [
    fc
      .tuple(roleArbitrary, messageArbitrary, fc.option(embeddingArbitrary, { nil: undefined }))
      .map(([roleId, added, embedding]) =>
        command(
          `add(${roleId}, ${added.id}, ${JSON.stringify(added.content)}, ${embedding?.modelId})`,
          (store) => store.add(roleId, record(added, embedding)),
        ),
      ),
    fc
      .tuple(roleArbitrary, fc.constantFrom(...IDS))
      .map(([roleId, id]) => command(`delete(${roleId}, ${id})`, (store) => store.delete(roleId, id))),
    roleArbitrary.map((roleId) => command(`clear(${roleId})`, (store) => store.clear(roleId))),
    fc
      .tuple(roleArbitrary, fc.constantFrom(...IDS), embeddingArbitrary)
      .map(([roleId, id, embedding]) =>
        command(`setEmbeddings(${roleId}, ${id}, ${embedding.modelId})`, (store) =>
          store.setEmbeddings(roleId, new Map([[id, embedding]])),
        ),
      ),
    fc.constant(
      command("close and open", async (store) => {
        await store.close();
        await store.open();
      }),
    ),
  ],
  { maxCommands: 25 },
);
