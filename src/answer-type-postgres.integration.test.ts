import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openMemory } from "./open-memory.js";
import { addGamesConversations, GAMES_ANSWER, GAMES_QUERY } from "./testing/games-conversations.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * Answer types on PostgreSQL: recall reads the candidates' texts through the index's `chunks`, so
 * the message that says how many hours is lifted from past the first five to the top two there
 * as on the embedded index.
 */
let database: TestPostgres;
const folders: string[] = [];

describe.skipIf(!testPostgresHasServer())("answer types on PostgreSQL", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
  });
  afterAll(async () => {
    await database?.stop();
    for (const folder of folders) await removeDir(folder);
  });

  async function recallGames(homeId: string, answerTypeWeight: number): Promise<string[]> {
    const folder = await makeTempDir("mnemo-postgres-answer-types-");
    folders.push(folder);
    const memory = await openMemory({
      home: folder,
      env: {},
      store: database.url as string,
      homeId,
      config: { search: { embedder: "none", answerTypeWeight } },
    });
    try {
      await addGamesConversations(memory);
      const recalled = await memory.recall(GAMES_QUERY, { kind: "message", limit: 5 });
      return recalled.hits.map((hit) => hit.text);
    } finally {
      await memory.close();
    }
  }

  test("the message stating how many hours is among the first two with answer types, not in the five without", async () => {
    expect((await recallGames("games/typed", 0.3)).slice(0, 2)).toContain(GAMES_ANSWER);
    const plain = await recallGames("games/plain", 0);
    expect(plain).toHaveLength(5);
    expect(plain).not.toContain(GAMES_ANSWER);
  });
});
