import type { ChunkRecord } from "../contracts/search-index.js";
import { messageChunks } from "../engine/conversations/message-chunks.js";
import { textHash } from "../engine/search/embed-chunks.js";
import type { RetrievalCase } from "./retrieval-case.js";

/**
 * How a case's conversation turns are indexed: `messages` as recall indexes conversation memory
 * (what `mnemo chat` and memory_record_conversation write), `documents` as one document each reading
 * "Speaker: text" (what a user saving each turn as a note would get). The two are compared to tell
 * what conversation memory loses against plain documents.
 */
export type TurnsIndexedAs = "messages" | "documents";

/**
 * The chunks an evaluation case is indexed as, and the document id of each (by `<path>#<locator>`).
 * Documents with a session become the messages of that conversation, chunked by the very function
 * recall indexes conversation memory with, so what the benchmark measures is what a user gets
 * (or, `as` "documents", one "Speaker: text" document each); the others are one chunk each. Texts
 * are kept as given (their embeddings are cached by text).
 */
export function caseChunks(
  evalCase: RetrievalCase,
  as: TurnsIndexedAs = "messages",
): {
  chunks: ChunkRecord[];
  documentIds: Map<string, string>;
} {
  const documentIds = new Map<string, string>();
  const chunks: ChunkRecord[] = [];
  if (as === "messages") chunks.push(...conversationChunks(evalCase, documentIds));
  evalCase.documents.forEach((document, position) => {
    if (document.session !== undefined && as === "messages") return;
    const path = `documents/${position}`;
    const text =
      document.session === undefined ? document.text : `${speakerName(document.speaker)}: ${document.text}`;
    documentIds.set(`${path}#${document.id}`, document.id);
    chunks.push({
      path,
      kind: "document",
      locator: document.id,
      line: 1,
      title: "",
      text,
      date: document.timestamp?.slice(0, 10),
      textHash: textHash(text),
    });
  });
  return { chunks, documentIds };
}

function conversationChunks(evalCase: RetrievalCase, documentIds: Map<string, string>): ChunkRecord[] {
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
  return chunks;
}

/** A speaker as a name reads ("maria" → "Maria"); the roles "user" and "assistant" stay as they are. */
export function speakerName(speaker: string | undefined): string {
  const name = speaker ?? "user";
  if (name === "user" || name === "assistant") return name;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
