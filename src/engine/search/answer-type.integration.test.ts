import { afterEach, expect, test } from "vitest";
import { addGamesConversations, GAMES_ANSWER, GAMES_QUERY } from "../../testing/games-conversations.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * Answer types through `recall` on the embedded index (games-conversations.ts: six messages about
 * spending hours on games without a figure, one saying "Spent 10 hours playing Celeste").
 */
const QUERY = GAMES_QUERY;
const ANSWER = GAMES_ANSWER;

let memory: MemoryHome | undefined;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function homeWithGames(answerTypeWeight?: number): Promise<MemoryHome> {
  const search = answerTypeWeight === undefined ? {} : { answerTypeWeight };
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none", ...search } } }));
  await addGamesConversations(memory);
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

/**
 * A counting question: five messages say the question's words without naming a class; a sixth,
 * one word longer (so BM25 ranks it last), names the class it is about.
 */
const CLASSES_QUERY = "How many fitness classes do I attend?";
const NAMED_CLASS = "I attend Zumba fitness classes at the gym downtown on Tuesdays";

async function homeWithClasses(answerTypeWeight?: number): Promise<MemoryHome> {
  const search = answerTypeWeight === undefined ? {} : { answerTypeWeight };
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none", ...search } } }));
  await memory.conversations.add(
    "gym",
    ["mornings", "evenings", "weekends", "afternoons", "weekdays"].map((when) => ({
      speaker: "user",
      text: `I attend fitness classes at the gym downtown on ${when}`,
      at: new Date(2026, 9, 2, 20, 0),
    })),
  );
  await memory.conversations.add("zumba", [
    { speaker: "user", text: NAMED_CLASS, at: new Date(2026, 9, 3, 20, 0) },
  ]);
  return memory;
}

test("a question counting things gets the message that names one among the first five", async () => {
  const recalled = await (await homeWithClasses()).recall(CLASSES_QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits.map((hit) => hit.text)).toContain(NAMED_CLASS);
});

test("with answer types off, the message that names a class ranks below the five that do not", async () => {
  const recalled = await (await homeWithClasses(0)).recall(CLASSES_QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits).toHaveLength(5);
  expect(recalled.hits.map((hit) => hit.text)).not.toContain(NAMED_CLASS);
});
