import { afterEach, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * "How many hours have I spent playing games?" in a home where six messages talk about spending
 * hours playing games without saying how many, and one says "Spent 10 hours playing Celeste":
 * BM25 ranks the six (four query words each) above the one that answers (three), so the answer
 * is not among the first five unless recall favours messages that state the quantity asked for.
 */
const QUERY = "How many hours have I spent playing games?";
const ANSWER = "Spent 10 hours playing Celeste to the end.";

let memory: MemoryHome | undefined;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function homeWithGames(answerTypeWeight?: number): Promise<MemoryHome> {
  const search = answerTypeWeight === undefined ? {} : { answerTypeWeight };
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none", ...search } } }));
  const at = (day: number) => new Date(2026, 9, day, 20, 0);
  await memory.conversations.add(
    "kitchen",
    Array.from({ length: 40 }, (_, day) => ({
      speaker: "user",
      text: `Cooked pasta with garlic and basil, batch ${day}`,
      at: at(1),
    })),
  );
  await memory.conversations.add(
    "games",
    [
      "I spent hours playing games with my brother after dinner on the porch",
      "We spent the evening playing board games for hours with the neighbours",
      "Spent hours playing card games at the cafe near the station",
      "My sister spent hours playing video games in her room upstairs",
      "Spent our holiday playing games for hours by the lake in the rain",
      "I have spent hours playing puzzle games on the train to work",
    ].map((text) => ({ speaker: "user", text, at: at(2) })),
  );
  await memory.conversations.add("celeste", [{ speaker: "user", text: ANSWER, at: at(3) }]);
  return memory;
}

test("a question asking how many hours gets the message that says how many near the top", async () => {
  const recalled = await (await homeWithGames()).recall(QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits.slice(0, 2).map((hit) => hit.text)).toContain(ANSWER);
});

test("with answer types off, the message that says how many is not among the first five", async () => {
  const recalled = await (await homeWithGames(0)).recall(QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits).toHaveLength(5);
  expect(recalled.hits.map((hit) => hit.text)).not.toContain(ANSWER);
});

test("a question asking for no quantity ranks as before", async () => {
  const question = "Which games have I been playing?";
  const typed = await (await homeWithGames()).recall(question, { kind: "message", limit: 10 });
  const order = typed.hits.map((hit) => `${hit.path}:${hit.locator}`);
  await memory?.close();
  await removeDir(home);
  const plain = await (await homeWithGames(0)).recall(question, { kind: "message", limit: 10 });
  expect(plain.hits.map((hit) => `${hit.path}:${hit.locator}`)).toEqual(order);
});
