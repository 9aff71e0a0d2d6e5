import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { AgentMessage, MessageStore } from "../../contracts/message-store.js";
import { MnemoError } from "../../errors.js";
import {
  DEFAULT_SIMILARITY_THRESHOLD,
  type SimilarMessage,
  similarMessages,
} from "../../rules/similarity.js";
import { writeWarning } from "../../rules/write-warning.js";
import { factSignature, signaturesAgree } from "./fact-signature.js";
import { legacyMessageContentHash, messageContentHash } from "./message-content.js";
import { MessageVectors } from "./message-vectors.js";
import { lastItems, ShortTermMemory } from "./short-term-memory.js";
import { validateMessage, validateRoleId } from "./validate-message.js";

export interface LongTermMemoryOptions {
  /** Where the role's messages are kept; the caller owns it (recover() opens it, nobody here closes it). */
  store: MessageStore;
  /** The causes (MetaGPT's `rc.watch`) whose messages are stored; other messages stay short-term. */
  watch: Iterable<string>;
  /**
   * Turns on the similarity check. Without one, findNews detects exact duplicates only (case,
   * punctuation around words and spacing aside).
   */
  embeddingModel?: EmbeddingModel;
  /**
   * Cosine similarity of the embeddings of the canonical texts (lower case, no punctuation around
   * words) at or above which an observed message may be a copy of a stored one. Default 0.95 (see
   * similarity.ts for why, and bench/long-term/news-pairs.ts for what other values do).
   */
  similarityThreshold?: number;
  /**
   * A similar message is a copy only when it also states the same facts: the same numbers, dates and
   * negations and no name only one of them has (fact-signature.ts). Default true; false drops the
   * check, so that "version 2.3.2 released" is hidden after "version 2.3.1 released".
   */
  requireSameFacts?: boolean;
  /** Where warnings go; default: stderr. */
  onWarning?: (message: string) => void;
}

export interface FindNewsOptions {
  /** Look only at the `k` most recent short-term messages and return at most the last `k` news; all when k <= 0. */
  k?: number;
  signal?: AbortSignal;
}

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
  private readonly vectors: MessageVectors | undefined;
  private readonly threshold: number;
  private readonly requireSameFacts: boolean;
  private readonly warn: (message: string) => void;
  private readonly shortTerm = new ShortTermMemory();
  private role: string | undefined;
  private recovering = false;
  private warnedNoModel = false;
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
    this.vectors = options.embeddingModel && new MessageVectors(options.embeddingModel);
    this.threshold = threshold;
    this.requireSameFacts = options.requireSameFacts ?? true;
    this.warn = options.onWarning ?? writeWarning;
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
        await this.vectors?.open(options.signal);
        const stored = await this.store.list(roleId);
        for (const message of stored) this.shortTerm.add(message);
        await this.vectors?.embedMissing(this.store, roleId, stored, options.signal);
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
        const embedding = await this.vectors?.embedding(message.content);
        await this.store.add(roleId, { message, contentHash, embedding });
      });
    } catch (error) {
      this.shortTerm.delete(message.id); // so that adding it again retries the write
      throw error;
    }
  }

  /**
   * The observed messages that are new: not in short-term memory (by id), and not a copy of a stored
   * message. A copy has the same canonical text (case, punctuation around words and spacing aside),
   * or, with an embedding model, a cosine similarity at or above the threshold AND the same facts
   * (numbers, dates, negations, names; see `requireSameFacts`). In observed order; the last `k` when k > 0.
   */
  async findNews(observed: readonly AgentMessage[], options: FindNewsOptions = {}): Promise<AgentMessage[]> {
    for (const message of observed) validateMessage(message);
    const k = options.k ?? 0;
    if (!Number.isInteger(k)) throw new MnemoError("INVALID_INPUT", `k must be a whole number; got ${k}.`);
    const roleId = this.requireRole("findNews");
    // Said here, not at recover(): a caller that never asks for news (a chat that only keeps its
    // messages) has nothing to be warned about.
    if (!this.vectors && !this.warnedNoModel) {
      this.warnedNoModel = true;
      this.warn(
        `Long-term memory of role "${roleId}" has no embedding model: findNews only recognises exact duplicates (case, punctuation and spacing aside), not similar messages.`,
      );
    }
    const newToShortTerm = this.shortTerm.findNews(observed, k);
    const news = await this.enqueue(async () => {
      const candidates: AgentMessage[] = [];
      for (const message of newToShortTerm) {
        if (!(await this.storesExactCopy(roleId, message.content))) candidates.push(message);
      }
      if (!this.vectors || candidates.length === 0) return candidates;
      const copies = await this.findSimilarCopies(roleId, candidates, options.signal);
      return candidates.filter((_, index) => !copies[index]);
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

  private async storesExactCopy(roleId: string, content: string): Promise<boolean> {
    const hashes = new Set([messageContentHash(content), legacyMessageContentHash(content)]);
    for (const hash of hashes) {
      if ((await this.store.findByContentHash(roleId, hash)).length > 0) return true;
    }
    return false;
  }

  /** For each candidate, whether a stored message is similar enough and (by default) states the same facts. */
  private async findSimilarCopies(
    roleId: string,
    candidates: AgentMessage[],
    signal?: AbortSignal,
  ): Promise<boolean[]> {
    const vectors = this.vectors as MessageVectors;
    const stored = await this.store.embeddings(roleId, vectors.key);
    if (stored.length === 0) return candidates.map(() => false);
    const observed = await vectors.embedObserved(
      candidates.map((message) => message.content),
      signal,
    );
    const similar = observed.map((vector) => similarMessages(vector, stored, this.threshold));
    if (!this.requireSameFacts || similar.every((matches) => matches.length === 0)) {
      return similar.map((matches) => matches.length > 0);
    }
    const storedContent = new Map(
      (await this.store.list(roleId)).map((message) => [message.id, message.content]),
    );
    return candidates.map((message, index) =>
      statesSameFacts(message.content, similar[index] as SimilarMessage[], storedContent),
    );
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

/** Whether one of the similar stored messages states the same facts as `content`. */
function statesSameFacts(
  content: string,
  similar: readonly SimilarMessage[],
  storedContent: ReadonlyMap<string, string>,
): boolean {
  if (similar.length === 0) return false;
  const facts = factSignature(content);
  return similar.some((match) => {
    const stored = storedContent.get(match.messageId);
    return stored !== undefined && signaturesAgree(facts, factSignature(stored));
  });
}
