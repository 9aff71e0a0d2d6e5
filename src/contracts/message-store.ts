/**
 * Where long-term message memory lives (seed 004): the messages an agent role chose to keep, one
 * list per role, in the order they were added. Implementations: an in-memory store (the oracle of
 * the conformance suite in `mnemo/testing`) and SQLite (`.index/messages.sqlite`).
 *
 * Unlike the search index, these rows are not derived from the Markdown files: losing them loses
 * the role's history.
 */

/** One message between agent roles, in MetaGPT's shape. */
export interface AgentMessage {
  /** Unique within a role's memory; the identity used by short-term memory, delete and dedup by id. */
  id: string;
  /** Who wrote it: "user", "assistant" or a role's name. */
  role: string;
  content: string;
  /** The action that produced it (MetaGPT's `cause_by`); long-term memory keeps watched causes only. */
  causeBy: string;
  sentFrom: string;
  sendTo: string[];
  createdAt: Date;
}

/** The vector of a message's content and the model that made it. */
export interface MessageEmbedding {
  /**
   * `EmbeddingModel.id`, with what was embedded when it is not the raw content (long-term memory
   * embeds canonical text: `<id>#canonical-text@1`). Vectors under two different ids are never compared.
   */
  modelId: string;
  vector: Float32Array;
}

export interface MessageRecord {
  message: AgentMessage;
  /** Hash of the normalised content (the engine decides how it normalises): the exact-duplicate check looks it up. */
  contentHash: string;
  /** Absent when no embedding model was in use. */
  embedding?: MessageEmbedding;
}

/** A stored vector and the message it belongs to. */
export interface StoredEmbedding {
  messageId: string;
  vector: Float32Array;
}

/**
 * Similarity is not the store's job: the engine reads a role's vectors with `embeddings()` and
 * computes cosine similarity in process (exact, no approximate index). Messages a role keeps are
 * few (only watched causes), so one scan per `findNews` is cheap.
 *
 * Every method except open/close rejects with MnemoError "IO" when the store is not open.
 * Returned objects are copies: changing them does not change the store.
 */
export interface MessageStore {
  /** Creates or opens the storage (idempotent). Constructors do no I/O. */
  open(): Promise<void>;
  /** Releases the storage (idempotent); open() may be called again. */
  close(): Promise<void>;
  /** Appends to the role's messages. Returns false, changing nothing, when the role already has this id. */
  add(roleId: string, record: MessageRecord): Promise<boolean>;
  /** The role's messages in the order they were added. */
  list(roleId: string): Promise<AgentMessage[]>;
  count(roleId: string): Promise<number>;
  /** Returns false when the role has no message with this id. */
  delete(roleId: string, messageId: string): Promise<boolean>;
  /** Removes every message of the role and tells how many there were. */
  clear(roleId: string): Promise<number>;
  /** Ids of the role's messages with this content hash, in insertion order. */
  findByContentHash(roleId: string, contentHash: string): Promise<string[]>;
  /** The role's vectors made by `modelId`, in insertion order; messages without one are left out. */
  embeddings(roleId: string, modelId: string): Promise<StoredEmbedding[]>;
  /** Sets (or replaces) the vector of existing messages; ids the role does not have are ignored. */
  setEmbeddings(roleId: string, embeddings: Map<string, MessageEmbedding>): Promise<void>;
}
