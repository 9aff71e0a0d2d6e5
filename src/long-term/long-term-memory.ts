import type { EmbeddingModel } from "../contracts/embedding-model.js";
import type { AgentMessage, MessageEmbedding, MessageStore } from "../contracts/message-store.js";
import { MnemoError } from "../errors.js";
import { messageContentHash } from "./message-content.js";
import { lastItems, ShortTermMemory } from "./short-term-memory.js";
import { DEFAULT_SIMILARITY_THRESHOLD, findNearDuplicate } from "./similarity.js";
import { validateMessage, validateRoleId } from "./validate-message.js";

export interface LongTermMemoryOptions {
  /** Where the role's messages are kept; the caller owns it (recover() opens it, nobody here closes it). */
  store: MessageStore;
  /** The causes (MetaGPT's `rc.watch`) whose messages are stored; other messages stay short-term. */
  watch: Iterable<string>;
  /** Turns on the similarity check. Without one, findNews detects exact duplicates only. */
  embeddingModel?: EmbeddingModel;
  /** Cosine similarity at or above which a message counts as already known. Default 0.95 (see similarity.ts). */
  similarityThreshold?: number;
  /** Where warnings go; default: stderr. */
  onWarning?: (message: string) => void;
}

export interface FindNewsOptions {
  /** Look only at the `k` most recent short-term messages and return at most the last `k` news; all when k <= 0. */
  k?: number;
  signal?: AbortSignal;
}

/** Texts per embedding request when stored messages get their vectors after a model change. */
const EMBED_BATCH_SIZE = 64;

/**
 * Long-term message memory of one agent role (seed 004, MetaGPT's LongTermMemory).
 *
 * Every add of a watched message is written to the store before its promise resolves; writes run one
 * at a time in call order, so persist() only waits for writes still under way.
 *
 * @example
 * const memory = new LongTermMemory({ store, watch: ["WritePRD"], embeddingModel });
 * await memory.recover("architect");
 * const news = await memory.findNews(observed);
 * for (const message of news) await memory.add(message);
 */
export class LongTermMemory {
  private readonly store: MessageStore;
  private readonly watch: ReadonlySet<string>;
  private readonly model: EmbeddingModel | undefined;
  private readonly threshold: number;
  private readonly warn: (message: string) => void;
  private readonly shortTerm = new ShortTermMemory();
  private role: string | undefined;
  private recovering = false;
  private warnedNoModel = false;
  /** Vectors findNews just made, by content hash: the news it returns is usually added next. */
  private recentVectors = new Map<string, Float32Array>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: LongTermMemoryOptions) {
    const threshold = options.similarityThreshold ?? DEFAULT_SIMILARITY_THRESHOLD;
    if (!(threshold > 0 && threshold <= 1)) {
      throw new MnemoError(
        "INVALID_INPUT",
        `similarityThreshold must be a number in (0, 1]; got ${threshold}.`,
      );
    }
    this.store = options.store;
    this.watch = new Set(options.watch);
    this.model = options.embeddingModel;
    this.threshold = threshold;
    this.warn =
      options.onWarning ?? ((message: string) => process.stderr.write(`mnemo: warning: ${message}\n`));
  }

  /** The short-term memory, oldest first. */
  messages(): AgentMessage[] {
    return this.shortTerm.list();
  }

  /**
   * Loads the role's stored messages into short-term memory without storing them again, and gives
   * stored messages that lack a vector from the current model one (once). Messages added while this
   * runs are kept short-term only, as in MetaGPT. Returns how many messages were recovered.
   */
  async recover(roleId: string, options: { signal?: AbortSignal } = {}): Promise<number> {
    validateRoleId(roleId);
    if (this.role !== undefined && this.role !== roleId) {
      throw new MnemoError(
        "INVALID_INPUT",
        `This long-term memory belongs to role "${this.role}"; create another one for role "${roleId}".`,
      );
    }
    this.role = roleId;
    this.recovering = true;
    try {
      return await this.enqueue(async () => {
        await this.store.open();
        await this.model?.open({ signal: options.signal });
        const stored = await this.store.list(roleId);
        for (const message of stored) this.shortTerm.add(message);
        await this.embedStoredWithoutVector(roleId, stored, options.signal);
        return stored.length;
      });
    } finally {
      this.recovering = false;
    }
  }

  /**
   * Adds to short-term memory; stores the message too when its cause is watched and no recovery is
   * under way. Its vector is computed here, once, and stored with it.
   */
  async add(message: AgentMessage): Promise<void> {
    validateMessage(message);
    const roleId = this.requireRole("add");
    if (!this.shortTerm.add(message) || this.recovering || !this.watch.has(message.causeBy)) return;
    try {
      await this.enqueue(async () => {
        const contentHash = messageContentHash(message.content);
        const embedding = await this.embeddingFor(message.content, contentHash);
        await this.store.add(roleId, { message, contentHash, embedding });
      });
    } catch (error) {
      this.shortTerm.delete(message.id); // so that adding it again retries the write
      throw error;
    }
  }

  /**
   * The observed messages that are new: not in short-term memory (by id), and not an exact or near
   * duplicate of a stored message (same normalised content, or cosine similarity at or above the
   * threshold). In observed order; the last `k` when k > 0.
   */
  async findNews(observed: readonly AgentMessage[], options: FindNewsOptions = {}): Promise<AgentMessage[]> {
    for (const message of observed) validateMessage(message);
    const k = options.k ?? 0;
    if (!Number.isInteger(k)) throw new MnemoError("INVALID_INPUT", `k must be a whole number; got ${k}.`);
    const roleId = this.requireRole("findNews");
    // Said here, not at recover(): a caller that never asks for news (a chat that only keeps its
    // messages) has nothing to be warned about.
    if (!this.model && !this.warnedNoModel) {
      this.warnedNoModel = true;
      this.warn(
        `Long-term memory of role "${roleId}" has no embedding model: findNews only recognises exact duplicates (after whitespace normalisation), not similar messages.`,
      );
    }
    const newToShortTerm = this.shortTerm.findNews(observed, k);
    const news = await this.enqueue(async () => {
      const candidates: AgentMessage[] = [];
      for (const message of newToShortTerm) {
        const duplicates = await this.store.findByContentHash(roleId, messageContentHash(message.content));
        if (duplicates.length === 0) candidates.push(message);
      }
      if (!this.model || candidates.length === 0) return candidates;
      const stored = await this.store.embeddings(roleId, this.model.id);
      if (stored.length === 0) return candidates;
      const vectors = await this.embed(
        candidates.map((message) => message.content),
        options.signal,
      );
      this.recentVectors = new Map(
        candidates.map((message, index) => [
          messageContentHash(message.content),
          vectors[index] as Float32Array,
        ]),
      );
      return candidates.filter(
        (_, index) => !findNearDuplicate(vectors[index] as Float32Array, stored, this.threshold),
      );
    });
    return lastItems(news, k);
  }

  /** Removes the message (by id) from short-term memory and from the store. False when it was in neither. */
  async delete(message: Pick<AgentMessage, "id">): Promise<boolean> {
    const roleId = this.requireRole("delete");
    if (typeof message?.id !== "string" || message.id === "") {
      throw new MnemoError("INVALID_INPUT", "delete() needs a message with an id.");
    }
    const inShortTerm = this.shortTerm.delete(message.id);
    const inStore = await this.enqueue(() => this.store.delete(roleId, message.id));
    return inShortTerm || inStore;
  }

  /** Empties short-term memory and removes every stored message of the role. */
  async clear(): Promise<void> {
    const roleId = this.requireRole("clear");
    this.shortTerm.clear();
    await this.enqueue(() => this.store.clear(roleId));
  }

  /** Waits for writes still under way. Their failures were reported to the add() calls that made them. */
  async persist(): Promise<void> {
    await this.queue;
  }

  private async embeddingFor(content: string, contentHash: string): Promise<MessageEmbedding | undefined> {
    if (!this.model) return undefined;
    const vector = this.recentVectors.get(contentHash) ?? (await this.embed([content]))[0];
    return { modelId: this.model.id, vector: vector as Float32Array };
  }

  private async embedStoredWithoutVector(
    roleId: string,
    stored: AgentMessage[],
    signal?: AbortSignal,
  ): Promise<void> {
    const model = this.model;
    if (!model) return;
    const withVector = new Set(
      (await this.store.embeddings(roleId, model.id)).map((entry) => entry.messageId),
    );
    const missing = stored.filter((message) => !withVector.has(message.id));
    for (let start = 0; start < missing.length; start += EMBED_BATCH_SIZE) {
      const batch = missing.slice(start, start + EMBED_BATCH_SIZE);
      const vectors = await this.embed(
        batch.map((message) => message.content),
        signal,
      );
      const embeddings = new Map(
        batch.map((message, index) => [
          message.id,
          { modelId: model.id, vector: vectors[index] as Float32Array },
        ]),
      );
      await this.store.setEmbeddings(roleId, embeddings);
    }
  }

  /** Stored and observed messages are embedded alike ("document"), so a re-sent message matches itself. */
  private async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const model = this.model as EmbeddingModel;
    const vectors = await model.embed(texts, { purpose: "document", signal });
    if (vectors.length !== texts.length) {
      throw new MnemoError(
        "IO",
        `Embedding model ${model.id} returned ${vectors.length} vectors for ${texts.length} texts.`,
      );
    }
    return vectors;
  }

  private requireRole(operation: string): string {
    if (this.role === undefined) {
      throw new MnemoError(
        "INVALID_INPUT",
        `Long-term memory has no role yet: call recover(roleId) before ${operation}().`,
      );
    }
    return this.role;
  }

  /** Runs store work one at a time, in call order; a failure reaches its caller and does not stop the queue. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
