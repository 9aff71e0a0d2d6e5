/**
 * Forty messages about cooking, unrelated to what ranking tests ask: they give BM25 a home where
 * the words under test are rare, as in a real one, so their IDFs weigh as they would there.
 */
import type { MemoryHome } from "../engine/memory-home.js";

export async function addKitchenConversation(memory: MemoryHome, at: Date): Promise<void> {
  await memory.conversations.add(
    "kitchen",
    Array.from({ length: 40 }, (_, batch) => ({
      speaker: "user",
      text: `Cooked pasta with garlic and basil, batch ${batch}`,
      at,
    })),
  );
}
