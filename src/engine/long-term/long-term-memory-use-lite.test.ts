import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { InMemoryMessageStore } from "../../adapters/memory/in-memory-message-store.js";
import { UseLiteEmbeddingModel } from "../../adapters/models/local/use-lite-embedding-model.js";
import type { AgentMessage } from "../../contracts/message-store.js";
import {
  isNewsByEarlierRule,
  isNewsThroughLibrary,
  MemoisingEmbeddingModel,
} from "../../testing/test-news-classifier.js";
import { type NewsPair, type NewsPairGroup, newsPairs } from "../../testing/test-news-pairs.js";
import { LongTermMemory } from "./long-term-memory.js";

/**
 * findNews with the default local model, USE-lite (issue 12, point 5). The model loads in about a
 * second; the pairs are embedded in one batch first, so the file runs in well under a minute.
 */
const model = new UseLiteEmbeddingModel();
const memoised = new MemoisingEmbeddingModel(model);
const pairs = newsPairs();

beforeAll(async () => {
  await memoised.open();
  const asserted = pairs.filter((pair) => pair.group !== "wording");
  await memoised.warm({ raw: asserted.filter((pair) => pair.group === "paraphrase"), comparable: asserted });
});

afterAll(() => model.close());

function message(id: string, content: string): AgentMessage {
  return {
    id,
    role: "Release Manager",
    content,
    causeBy: "Announce",
    sentFrom: "",
    sendTo: [],
    createdAt: new Date(0),
  };
}

async function newsAfter(stored: string, observed: string): Promise<boolean> {
  const memory = new LongTermMemory({
    store: new InMemoryMessageStore(),
    watch: ["Announce"],
    embeddingModel: model,
  });
  await memory.recover("engineer");
  await memory.add(message("stored", stored));
  return (await memory.findNews([message("observed", observed)])).length === 1;
}

describe("LongTermMemory.findNews with USE-lite: the reported cases", () => {
  test("a new version is news, though the model scores it a near copy of the old one", async () => {
    expect(await newsAfter("version 2.3.1 released", "version 2.3.2 released")).toBe(true);
  });

  test("the same announcement with other case and an exclamation mark is not news", async () => {
    expect(await newsAfter("version 2.3.1 released", "Version 2.3.1 released!")).toBe(false);
  });

  test("a paraphrase with the same facts is still recognised by similarity", async () => {
    expect(await newsAfter("Tomorrow we deploy version 3", "We deploy version 3 tomorrow")).toBe(false);
    expect(await newsAfter("Tomorrow we deploy version 3", "We deploy version 4 tomorrow")).toBe(true);
  });
});

describe("LongTermMemory.findNews on the hand-written pairs", () => {
  const of = (group: NewsPairGroup) => pairs.filter((pair) => pair.group === group);
  const knownShare = async (group: NewsPair[], isNews: (pair: NewsPair) => Promise<boolean>) => {
    let known = 0;
    for (const pair of group) if (!(await isNews(pair))) known++;
    return known / group.length;
  };

  for (const [name, withModel] of [
    ["USE-lite", true],
    ["no model", false],
  ] as const) {
    test(`${name}: every update is news, every exact copy is known, and no fewer paraphrases are known than before`, async () => {
      const used = withModel ? memoised : undefined;
      const isNews = (pair: NewsPair) => isNewsThroughLibrary(pair, { model: used });
      const updatesMissed = [];
      for (const pair of of("update")) if (!(await isNews(pair))) updatesMissed.push(pair.observed);
      expect(updatesMissed).toEqual([]);
      expect(await knownShare(of("exact"), isNews)).toBe(1);
      const before = await knownShare(of("paraphrase"), (pair) => isNewsByEarlierRule(pair, used));
      const after = await knownShare(of("paraphrase"), isNews);
      expect(after).toBeGreaterThanOrEqual(before);
      expect(after).toBeGreaterThan(0);
    });
  }
});
