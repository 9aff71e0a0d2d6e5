import { fc, test as propertyTest } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { messageContentHash } from "../../engine/long-term/message-content.js";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { folderOf } from "./postgres-document-reader.js";
import { PostgresDocumentStore } from "./postgres-document-store.js";
import { PostgresMessageStore } from "./postgres-message-store.js";
import { PostgresSearchIndex } from "./postgres-search-index.js";
import type { SqlClient } from "./sql-client.js";

/**
 * Two homes of one database never see each other's rows: with random home ids and random paths
 * (often the same path in both), each home's documents, listings, folder stamps, search results,
 * chunks and messages are its own and nothing of the other's.
 */
let database: TestPostgres;
let client: SqlClient;
beforeAll(async () => {
  database = await startTestPostgres();
  client = database.client();
});
afterAll(async () => {
  await client?.close();
  await database?.stop();
});

const part = fc
  .stringMatching(/^[A-Za-z0-9][A-Za-z0-9._@:-]{0,12}$/)
  .filter((each) => each !== "." && each !== "..");
const homeId = fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const path = fc
  .tuple(fc.constantFrom("", "memories/", "topics/", "archive/memories/"), fc.stringMatching(/^[a-z]{1,6}$/))
  .map(([folder, name]) => `${folder}${name}.md`);
const documents = fc.uniqueArray(path, { minLength: 1, maxLength: 6 });
let run = 0;

describe("tenancy", () => {
  propertyTest.prop([fc.uniqueArray(homeId, { minLength: 2, maxLength: 2 }), documents, documents], {
    numRuns: 15,
  })(
    "a home reads, lists, searches and recalls only its own rows",
    async ([first, second], firstPaths, secondPaths) => {
      run += 1;
      // Ids are made unique per run, so earlier runs' rows do not count against this one.
      const homes = [
        { id: `${first}/${run}`, paths: firstPaths, word: `alpha${run}` },
        { id: `${second}/${run}`, paths: secondPaths, word: `omega${run}` },
      ];
      for (const home of homes) {
        const store = new PostgresDocumentStore({ client, homeId: home.id });
        await store.transaction(async (writer) => {
          for (const each of home.paths) await writer.write(each, `${home.word} in ${each}`);
        });
        const index = new PostgresSearchIndex({ client, homeId: home.id });
        await index.open();
        for (const each of home.paths) {
          const chunk = {
            path: each,
            kind: "memory",
            locator: each,
            line: 1,
            title: "",
            text: `${home.word} shared note`,
            textHash: `${home.word}-${each}`,
          };
          await index.replaceDocument(each, { hash: home.word, mtimeMs: 1, size: 1 }, [chunk], new Map());
        }
        const messages = new PostgresMessageStore({ client, homeId: home.id });
        await messages.open();
        const message = {
          id: "m1",
          role: "user",
          content: home.word,
          causeBy: "x",
          sentFrom: "",
          sendTo: [],
          createdAt: new Date(0),
        };
        await messages.add("role", { message, contentHash: messageContentHash(home.word) });
      }
      for (const [position, home] of homes.entries()) {
        const other = homes[1 - position] as (typeof homes)[number];
        const store = new PostgresDocumentStore({ client, homeId: home.id });
        for (const folder of ["", "memories", "topics", "archive/memories"]) {
          const listed = (await store.list(folder)).map((document) => document.path);
          expect(listed.sort()).toEqual(home.paths.filter((each) => folderOf(each) === folder).sort());
        }
        for (const each of other.paths) {
          const content = await store.read(each);
          expect(content === undefined || content.startsWith(home.word)).toBe(true);
        }
        const index = new PostgresSearchIndex({ client, homeId: home.id });
        await index.open();
        expect((await index.search({ terms: [other.word], limit: 50 })).text).toEqual([]);
        const own = (await index.search({ terms: [home.word], limit: 50 })).text;
        expect(own).toHaveLength(home.paths.length);
        // A word both homes hold finds this home's chunks only.
        const shared = (await index.search({ terms: ["shared"], limit: 50 })).text;
        expect(shared.map((hit) => hit.id).sort()).toEqual(own.map((hit) => hit.id).sort());
        const otherIndex = new PostgresSearchIndex({ client, homeId: other.id });
        await otherIndex.open();
        const otherIds = (await otherIndex.search({ terms: [other.word], limit: 50 })).text.map(
          (hit) => hit.id,
        );
        expect(await index.chunks(otherIds)).toEqual([]);
        expect(await index.vectorsOf(otherIds)).toEqual(new Map());
        expect((await index.documentStates()).size).toBe(home.paths.length);
        const messages = new PostgresMessageStore({ client, homeId: home.id });
        await messages.open();
        expect((await messages.list("role")).map((message) => message.content)).toEqual([home.word]);
        expect(await messages.findByContentHash("role", messageContentHash(other.word))).toEqual([]);
      }
    },
  );
});
