import { expect, test } from "vitest";
import { caseChunks } from "./case-chunks.js";
import type { RetrievalCase } from "./retrieval-case.js";

const CASE: RetrievalCase = {
  id: "c1",
  documents: [
    { id: "s1_1", text: "Shall we take the ferry?", session: "s1", timestamp: "2023-05-20T07:47" },
    { id: "s1_2", text: "Only if it runs on Sunday.", session: "s1", speaker: "maria" },
    { id: "s1_3", text: "It does.", session: "s1", speaker: "assistant" },
    { id: "note", text: "A note that belongs to no conversation." },
  ],
  queries: [{ id: "q1", text: "ferry", gold: ["s1_2"] }],
};

test("as messages (the default), a session's documents are the messages of one conversation", () => {
  const { chunks, documentIds } = caseChunks(CASE);
  expect(chunks.map((chunk) => [chunk.path, chunk.kind, chunk.title])).toEqual([
    ["conversations/s1.md", "message", "user"],
    ["conversations/s1.md", "message", "maria"],
    ["conversations/s1.md", "message", "assistant"],
    ["documents/3", "document", ""],
  ]);
  expect(documentIds.get("conversations/s1.md#2")).toBe("s1_2");
});

test('as documents, each turn is one document reading "Speaker: text", a name capitalised and the roles as they are', () => {
  const { chunks, documentIds } = caseChunks(CASE, "documents");
  expect(chunks.map((chunk) => [chunk.kind, chunk.text, chunk.date])).toEqual([
    ["document", "user: Shall we take the ferry?", "2023-05-20"],
    ["document", "Maria: Only if it runs on Sunday.", undefined],
    ["document", "assistant: It does.", undefined],
    ["document", "A note that belongs to no conversation.", undefined],
  ]);
  expect([...documentIds.values()]).toEqual(["s1_1", "s1_2", "s1_3", "note"]);
  expect(chunks.map((chunk) => documentIds.get(`${chunk.path}#${chunk.locator}`))).toEqual([
    "s1_1",
    "s1_2",
    "s1_3",
    "note",
  ]);
});
