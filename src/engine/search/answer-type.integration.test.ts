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
