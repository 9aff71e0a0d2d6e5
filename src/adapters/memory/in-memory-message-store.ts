import type {
  AgentMessage,
  MessageEmbedding,
  MessageRecord,
  MessageStore,
  StoredEmbedding,
} from "../../contracts/message-store.js";
import { MnemoError } from "../../errors.js";

interface Row {
  message: AgentMessage;
  contentHash: string;
  embedding: MessageEmbedding | undefined;
}

/**
 * Messages kept in process, lost when it exits: for tests, short-lived agents, and as the oracle every
 * other MessageStore is checked against (`mnemo/testing`). Data survives close() and open() of the
 * same instance.
 */
export class InMemoryMessageStore implements MessageStore {
  private readonly roles = new Map<string, Row[]>();
  private opened = false;

  async open(): Promise<void> {
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  async add(roleId: string, record: MessageRecord): Promise<boolean> {
    const rows = this.rowsOf(roleId);
    if (rows.some((row) => row.message.id === record.message.id)) return false;
    rows.push({
      message: structuredClone(record.message),
      contentHash: record.contentHash,
      embedding: record.embedding && copyEmbedding(record.embedding),
    });
    this.roles.set(roleId, rows);
    return true;
  }

  async list(roleId: string): Promise<AgentMessage[]> {
    return this.rowsOf(roleId).map((row) => structuredClone(row.message));
  }

  async count(roleId: string): Promise<number> {
    return this.rowsOf(roleId).length;
  }

  async delete(roleId: string, messageId: string): Promise<boolean> {
    const rows = this.rowsOf(roleId);
    const kept = rows.filter((row) => row.message.id !== messageId);
    this.roles.set(roleId, kept);
    return kept.length !== rows.length;
  }

  async clear(roleId: string): Promise<number> {
    const removed = this.rowsOf(roleId).length;
    this.roles.delete(roleId);
    return removed;
  }

  async findByContentHash(roleId: string, contentHash: string): Promise<string[]> {
    return this.rowsOf(roleId)
      .filter((row) => row.contentHash === contentHash)
      .map((row) => row.message.id);
  }

  async embeddings(roleId: string, modelId: string): Promise<StoredEmbedding[]> {
    return this.rowsOf(roleId).flatMap((row) =>
      row.embedding?.modelId === modelId
        ? [{ messageId: row.message.id, vector: new Float32Array(row.embedding.vector) }]
        : [],
    );
  }

  async setEmbeddings(roleId: string, embeddings: Map<string, MessageEmbedding>): Promise<void> {
    for (const row of this.rowsOf(roleId)) {
      const embedding = embeddings.get(row.message.id);
      if (embedding) row.embedding = copyEmbedding(embedding);
    }
  }

  private rowsOf(roleId: string): Row[] {
    if (!this.opened) {
      throw new MnemoError("IO", "The in-memory message store is not open; call open() first.");
    }
    return this.roles.get(roleId) ?? [];
  }
}

function copyEmbedding(embedding: MessageEmbedding): MessageEmbedding {
  return { modelId: embedding.modelId, vector: new Float32Array(embedding.vector) };
}
