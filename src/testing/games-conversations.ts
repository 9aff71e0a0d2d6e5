/**
 * For tests of answer types: a home's conversations where six messages talk about spending hours
 * playing games without saying how many, and one says how many. BM25 ranks the six (four of the
 * query's words each) above the one that answers (three), so only answer types lift it.
 */
import type { MemoryHome } from "../engine/memory-home.js";
import { addKitchenConversation } from "./kitchen-conversation.js";

export const GAMES_QUERY = "How many hours have I spent playing games?";
export const GAMES_ANSWER = "Spent 10 hours playing Celeste to the end.";

export async function addGamesConversations(memory: MemoryHome): Promise<void> {
  const at = (day: number) => new Date(2026, 9, day, 20, 0);
  await addKitchenConversation(memory, at(1));
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
  await memory.conversations.add("celeste", [{ speaker: "user", text: GAMES_ANSWER, at: at(3) }]);
}
