import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * A whole conversation as the query (what a program passes when it recalls for the conversation
 * so far), on real files, SQLite and the local embedder: it must find what its last turn alone
 * finds. Recall used to take the first 32 words of the text, all from the earlier turns, and
 * missed the question at the end.
 */
const EARLIER_TURNS = [
  "user: I spent the whole morning repainting the garden fence, sanding every plank by hand",
  "assistant: That sounds exhausting; did the weather hold up while the primer dried outside?",
  "user: mostly, although clouds rolled over the hills around noon and the neighbours' dog kept barking",
  "assistant: Hopefully the second coat goes faster tomorrow with rollers instead of brushes",
];
const QUESTION = "user: what was the name of my kitten again?";

let home = "";
let memory: MemoryHome | undefined;
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

describe("a conversation as the query", () => {
  test.each(["none", "local"] as const)("finds what its last turn finds (embedder %s)", async (embedder) => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder } } }));
    await memory.memories.save({
      type: "user",
      name: "miso",
      description: "Miso",
      content: "Has a kitten named Miso.",
    });
    await memory.memories.save({
      type: "project",
      name: "fence",
      description: "Fence",
      content: "Repainting the garden fence: sanding, primer, two coats, rollers.",
    });
    const alone = await memory.recall(QUESTION, { limit: 1 });
    const whole = await memory.recall([...EARLIER_TURNS, QUESTION].join("\n"), { limit: 1 });
    expect(alone.hits[0]?.path).toBe("memories/user_miso.md");
    expect(whole.hits[0]?.path).toBe("memories/user_miso.md");
  });
});

describe("a vague last turn", () => {
  test("is read with the turns before it: 'when was that?' after a trip finds the trip (local embedder)", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "local" } } }));
    for (const [name, content] of [
      ["lisbon", "Trip to Lisbon in May."],
      ["dentist", "Dentist appointment in March."],
      ["miso", "Adopted a kitten named Miso."],
    ] as const)
      await memory.memories.save({ type: "user", name, description: name, content });
    const vague = "user: when was that?";
    const alone = await memory.recall(vague, { limit: 1 });
    const inConversation = await memory.recall(`user: we flew to Lisbon last spring\n${vague}`, { limit: 1 });
    expect(alone.hits[0]?.path).not.toBe("memories/user_lisbon.md");
    expect(inConversation.hits[0]?.path).toBe("memories/user_lisbon.md");
  });
});
