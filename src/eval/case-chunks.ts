import type { ChunkRecord } from "../contracts/search-index.js";
import { messageChunks } from "../engine/conversations/message-chunks.js";
import { textHash } from "../engine/search/embed-chunks.js";
import type { RetrievalCase } from "./retrieval-case.js";

/**
 * The chunks an evaluation case is indexed as, and the document id of each (by `<path>#<locator>`).
 * Documents with a session become the messages of that conversation, chunked by the very function
 * recall indexes conversation memory with, so what the benchmark measures is what a user gets;
 * the others are one chunk each. Texts are kept as given (their embeddings are cached by text).
 */
export function caseChunks(evalCase: RetrievalCase): {
  chunks: ChunkRecord[];
  documentIds: Map<string, string>;
} {
  const documentIds = new Map<string, string>();
  const chunks: ChunkRecord[] = [];
  const conversations = new Map<string, RetrievalCase["documents"]>();
  for (const document of evalCase.documents) {
    if (document.session === undefined) continue;
    const documents = conversations.get(document.session) ?? [];
    documents.push(document);
    conversations.set(document.session, documents);
  }
  for (const [session, documents] of conversations) {
    const path = `conversations/${session}.md`;
    const turns = documents.map((document, position) => ({
      turn: position + 1,
      speaker: document.speaker ?? "user",
      time: (document.timestamp ?? "").replace("T", " ").slice(0, 16),
      text: document.text,
      line: position + 1,
    }));
    messageChunks(path, turns).forEach((chunk, position) => {
      documentIds.set(`${path}#${chunk.locator}`, documents[position]?.id as string);
      chunks.push({ ...chunk, date: chunk.date || undefined, textHash: textHash(chunk.text) } as ChunkRecord);
    });
  }
  evalCase.documents.forEach((document, position) => {
    if (document.session !== undefined) return;
    const path = `documents/${position}`;
    documentIds.set(`${path}#${document.id}`, document.id);
    chunks.push({
      path,
      kind: "document",
      locator: document.id,
      line: 1,
      title: "",
      text: document.text,
      date: document.timestamp?.slice(0, 10),
      textHash: textHash(document.text),
    });
  });
  return { chunks, documentIds };
}
